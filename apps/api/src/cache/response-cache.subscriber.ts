/**
 * Keeps the response cache (organisations' lists, ADR 0065, 0092; the candidate feed, ADR 0107)
 * true after writes, in one place.
 *
 * Every table an organisation's lists show notifies its organisations' ids at commit (the
 * triggers of migration 0021), and `data-change-feed.ts` raises their data versions: that is the
 * one mechanism, for writes through the API, jobs and anything else alike. What an event adds:
 * - the hot writes that notify nothing (a chat message, a read mark, a posting view; ADR 0065):
 *   the organisation's version is raised here;
 * - every other write to a watched table: its answer waits until this process has heard its own
 *   commit's notifications (`settled`), so the version moved — in Redis with REDIS_URL, for every
 *   process — before the answer leaves: the writer's next read is never older than the write.
 *   No route raises a version by itself any more (the former onSend hook of every write route).
 *
 * Every event type is listed (a new one does not compile until it is placed). When a raise fails,
 * everything kept is dropped.
 *
 * Writes that publish nothing change no row a kept list shows (ADR 0092 lists them): orders and
 * products, feedback, retention settings, passwords, sign-in unlocks, mail links, a mail
 * unsubscribe (notification settings show in no list; the users trigger notifies it anyway), and
 * sign-ups (a new organisation or candidate has nothing kept and nobody who kept it).
 */
import type { DomainEventHandlers, DomainEventSubscriber } from '../events/domain-events';
import type { DataChangeFeed } from './data-change-feed';

export function responseCacheSubscriber(
  changes: Pick<DataChangeFeed, 'organizationChanged' | 'settled'>,
  clear: () => void,
): DomainEventSubscriber {
  const raise = (event: { organizationId: string }) => changes.organizationChanged(event.organizationId);
  const heard = () => changes.settled();
  /** Written to tables no kept list reads and no trigger watches: nothing to wait for. */
  const shownInNoList = () => undefined;
  const handlers: DomainEventHandlers = {
    // The hot writes without a trigger.
    'message.sent': raise,
    'chat.read': raise,
    'vacancy.viewed': raise,
    // Ending contact writes a chat message (no trigger) and contact_ends, whose trigger retires the
    // candidate's feed (migration 0030): both, before the answer leaves.
    'contact.ended': async (event) => {
      await Promise.all([raise(event), heard()]);
    },
    // Written to tables whose triggers notify.
    'vacancy.saved': heard,
    'vacancy.activated': heard,
    'vacancy.deactivated': heard,
    'vacancy.deleted': heard,
    'organization.changed': heard,
    'organization.toggled': heard,
    'organization.deleted': heard,
    'user.changed': heard,
    'user.disabled': heard,
    'user.deleted': heard,
    'applicant.changed': heard,
    'applicant.deleted': heard,
    'matching.created': heard,
    'matching.decided': heard,
    'matching.withdrawn': heard,
    'matchings.declined': heard,
    'matching-note.changed': heard,
    'response-deadline.changed': heard,
    'matchings.seen': heard,
    // applicant_dismissals notifies the candidate's feed version (migration 0030, ADR 0107).
    'dismissal.changed': heard,
    'chats.deleted': heard,
    // Open invitations show on the team screen alone, which is read from the database.
    'invitation.changed': shownInNoList,
  };
  return { name: 'organisation response cache', handlers, lost: clear };
}
