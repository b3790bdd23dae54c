/**
 * What a write changed, told once after its transaction committed (ADR 0092). A service (or a job)
 * publishes one event per write; everything a write sets off besides its own rows — the
 * organisation response cache, the chat poll versions, the unread counts, the notification
 * mails — subscribes here, each in one module of its own:
 *
 * - `cache/response-cache.subscriber.ts`            kept list answers (ADR 0065)
 * - `modules/messages/chat-versions.subscriber.ts`  chat poll versions (ADR 0010)
 * - `modules/unread/unread-counts.subscriber.ts`    unread counts and live Anfragen (ADR 0040)
 * - `modules/notifications/notifications.subscriber.ts` notification mails (pg-boss)
 *
 * Across processes an event's effect travels by what the subscriber writes to: Redis (versions)
 * or the database (pg-boss jobs); the response cache also hears every other process's writes
 * through the database's change notifications (migration 0021, `cache/data-change-feed.ts`).
 *
 * `publish` resolves when every subscriber is done, so a route's answer leaves after the caches
 * moved. A subscriber that fails is told (`lost`) and drops what the event would have changed:
 * a cache is bypassed, never stale. The write itself stands (it committed).
 */
import type { Region } from '@matchwerk/shared';

/** One side of a chat. */
export interface ChatRef {
  organizationId: string;
  applicantId: string;
}

export type DomainEvent =
  // Postings (vacancies module)
  | { type: 'vacancy.saved'; organizationId: string; vacancyId: string }
  | { type: 'vacancy.activated'; organizationId: string; vacancyId: string }
  | { type: 'vacancy.deactivated'; organizationId: string; vacancyId: string }
  | { type: 'vacancy.deleted'; organizationId: string; vacancyId: string }
  /** A candidate read a posting's detail (a view, ADR 0065's hot write without a trigger). */
  | { type: 'vacancy.viewed'; organizationId: string; vacancyId: string }
  // Organisations, their users and team (organizations, users, invitations modules)
  | { type: 'organization.changed'; organizationId: string }
  | { type: 'organization.toggled'; organizationId: string; flag: 'active' | 'member' }
  | { type: 'organization.deleted'; organizationId: string }
  | { type: 'user.changed'; userId: string }
  | { type: 'user.disabled'; userId: string }
  | { type: 'user.deleted'; userId: string }
  | { type: 'invitation.changed'; organizationId: string }
  // Candidates (applicants module)
  | { type: 'applicant.changed'; applicantId: string }
  | { type: 'applicant.deleted'; applicantId: string; chats: ChatRef[] }
  // Matchings (matchings, candidate-follow-up modules)
  | { type: 'matching.created'; organizationId: string; applicantId: string; vacancyId: string; at: Date }
  | {
      type: 'matching.decided';
      organizationId: string;
      applicantId: string;
      vacancyId: string;
      /** The opened chat's version (an accepted matching), else null. */
      chatVersion: number | null;
    }
  | { type: 'matching.withdrawn'; organizationId: string; applicantId: string; vacancyId: string }
  /** The answer-deadline job declined overdue matchings (ADR 0041). */
  | { type: 'matchings.declined'; matchings: ChatRef[] }
  | { type: 'matching-note.changed'; organizationId: string; noteId: string }
  | { type: 'response-deadline.changed'; region: Region }
  // Chats (messages, unread, data-protection modules)
  | {
      type: 'message.sent';
      organizationId: string;
      applicantId: string;
      sender: 'APPLICANT' | 'ORGANIZATION';
      /** The chat's version after the message (its seq, ADR 0010). */
      chatVersion: number;
      at: Date;
    }
  | {
      type: 'chat.read';
      organizationId: string;
      applicantId: string;
      reader: 'APPLICANT' | 'ORGANIZATION';
      userId: string;
      readSeq: number;
    }
  /** A user opened Anfragen (organisation) or looked at the decisions (candidate). */
  | { type: 'matchings.seen'; userId: string }
  /** The retention job deleted chats (docs/data-protection.md). */
  | { type: 'chats.deleted'; chats: ChatRef[] }
  // Safeguarding (reports module, ADR 0101)
  /**
   * A candidate ended contact with a company: their chat closed (its version after the closing
   * message, null without a chat), open matchings withdrawn.
   */
  | { type: 'contact.ended'; organizationId: string; applicantId: string; chatVersion: number | null }
  // Discovery (applicants module, ADR 0100)
  /** A candidate said "nicht interessiert" to a posting, or took it back. */
  | { type: 'dismissal.changed'; applicantId: string; vacancyId: string };

export type DomainEventType = DomainEvent['type'];
export type DomainEventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

/** What services and jobs get: they tell, they do not know who listens. */
export interface DomainEventPublisher {
  publish(event: DomainEvent): Promise<void>;
}

/** A handler per event type; a subscriber lists the ones it reacts to. */
export type DomainEventHandlers = {
  [T in DomainEventType]: (event: DomainEventOf<T>) => Promise<void> | void;
};

export interface DomainEventSubscriber {
  /** Named in logs. */
  name: string;
  handlers: Partial<DomainEventHandlers>;
  /**
   * The handler failed, so what it keeps may miss this change: drop it (bypass, never stale).
   * Called with the failed event; its own failure is logged.
   */
  lost(event: DomainEvent): Promise<void> | void;
}

export interface DomainEventBus extends DomainEventPublisher {
  subscribe(subscriber: DomainEventSubscriber): void;
}

interface BusLog {
  error(details: object, message: string): void;
}

/** One bus per app (the composition root): subscribers run side by side, each failure stays with its subscriber. */
export function createDomainEventBus(options: { log: BusLog }): DomainEventBus {
  const subscribers: DomainEventSubscriber[] = [];

  async function deliver(subscriber: DomainEventSubscriber, event: DomainEvent): Promise<void> {
    const handler = subscriber.handlers[event.type] as ((event: DomainEvent) => Promise<void> | void) | undefined;
    if (!handler) return;
    try {
      await handler(event);
    } catch (error) {
      options.log.error({ err: error, event: event.type, subscriber: subscriber.name }, 'event subscriber failed');
      try {
        await subscriber.lost(event);
      } catch (lostError) {
        options.log.error({ err: lostError, event: event.type, subscriber: subscriber.name }, 'event lost');
      }
    }
  }

  return {
    subscribe(subscriber) {
      subscribers.push(subscriber);
    },
    async publish(event) {
      if (subscribers.length === 1) return deliver(subscribers[0]!, event);
      await Promise.all(subscribers.map((subscriber) => deliver(subscriber, event)));
    },
  };
}

/** Records what was published (tests, and apps that want to look). */
export function createRecordingPublisher(): DomainEventPublisher & { events: DomainEvent[] } {
  const events: DomainEvent[] = [];
  return {
    events,
    publish(event) {
      events.push(event);
      return Promise.resolve();
    },
  };
}
