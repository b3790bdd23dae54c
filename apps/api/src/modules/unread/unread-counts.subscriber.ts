/**
 * Keeps the unread counts' versions (ADR 0040) true after writes: which of the three keys of a
 * counts poll (the organisation's matchings, the candidates' messages to it, a user's own marks)
 * each write moves. When a raise fails, the keys go: the next counts poll reads the database.
 */
import type { DomainEvent, DomainEventSubscriber } from '../../events/domain-events';
import { inboxKeys, type InboxVersions } from './inbox-versions';

/** The counts versions an event moves. */
export function inboxKeysOf(event: DomainEvent): string[] {
  switch (event.type) {
    case 'message.sent':
      return [event.sender === 'APPLICANT' ? inboxKeys.chats(event.organizationId) : inboxKeys.user(event.applicantId)];
    case 'chat.read':
    case 'matchings.seen':
      return [inboxKeys.user(event.userId)];
    case 'matching.created':
    case 'matching.withdrawn':
      return [inboxKeys.matchings(event.organizationId)];
    case 'matching.decided':
      return [inboxKeys.matchings(event.organizationId), inboxKeys.user(event.applicantId)];
    // Open matchings withdrawn, the chat closed with a system message.
    case 'contact.ended':
      return [
        inboxKeys.matchings(event.organizationId),
        inboxKeys.chats(event.organizationId),
        inboxKeys.user(event.applicantId),
      ];
    case 'matchings.declined':
      return unique(
        event.matchings.flatMap((matching) => [
          inboxKeys.matchings(matching.organizationId),
          inboxKeys.user(matching.applicantId),
        ]),
      );
    case 'chats.deleted':
      return unique(
        event.chats.flatMap((chat) => [
          inboxKeys.matchings(chat.organizationId),
          inboxKeys.chats(chat.organizationId),
          inboxKeys.user(chat.applicantId),
        ]),
      );
    // Listed, not defaulted: a new event type must be placed here (or above) to pass the lint.
    case 'applicant.changed':
    case 'applicant.deleted':
    case 'dismissal.changed':
    case 'invitation.changed':
    case 'matching-note.changed':
    case 'organization.changed':
    case 'organization.deleted':
    case 'organization.toggled':
    case 'response-deadline.changed':
    case 'user.changed':
    case 'user.deleted':
    case 'user.disabled':
    case 'vacancy.activated':
    case 'vacancy.deactivated':
    case 'vacancy.deleted':
    case 'vacancy.saved':
    case 'vacancy.viewed':
      return [];
  }
}

function unique(keys: string[]): string[] {
  return [...new Set(keys)];
}

export function unreadCountsSubscriber(inbox: InboxVersions): DomainEventSubscriber {
  const bump = (event: DomainEvent) => inbox.bump(...inboxKeysOf(event));
  return {
    name: 'unread counts',
    handlers: {
      'message.sent': bump,
      'chat.read': bump,
      'matchings.seen': bump,
      'matching.created': bump,
      'matching.withdrawn': bump,
      'matching.decided': bump,
      'matchings.declined': bump,
      'chats.deleted': bump,
      'contact.ended': bump,
    },
    lost: (event) => inbox.forget(...inboxKeysOf(event)),
  };
}
