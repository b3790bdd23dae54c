/**
 * Candidate notifications (ADR 0099) hear the domain events here, in one place: a decision on a
 * candidate's matching (accepted, declined, declined by the answer deadline) and an employer's
 * message become notices for the job queue. Enqueueing only: the job decides push or mail. A
 * disabled user's devices are forgotten. A failure is logged by the bus and never fails the
 * write; nothing kept to drop.
 */
import type { DomainEventSubscriber } from '../../events/domain-events';
import type { CandidateNotice } from './candidate-notices';

/** Where notices go: pg-boss in the server; nowhere in route tests. */
export interface CandidateNotificationQueue {
  notify(notices: CandidateNotice[]): Promise<void>;
}

export const NO_CANDIDATE_NOTIFICATIONS: CandidateNotificationQueue = { notify: () => Promise.resolve() };

/** Forgets users' devices (a disabled account gets no pushes on a phone it may no longer hold). */
export interface PushDevices {
  forget(userIds: string[]): Promise<void>;
}

export function candidatePushSubscriber(
  queue: CandidateNotificationQueue,
  devices?: PushDevices,
): DomainEventSubscriber {
  return {
    name: 'candidate notifications',
    handlers: {
      'user.disabled': (event) => devices?.forget([event.userId]),
      'matching.decided': (event) =>
        queue.notify([
          {
            applicantId: event.applicantId,
            organizationId: event.organizationId,
            kind: event.chatVersion === null ? 'MATCHING_DECLINED' : 'MATCHING_ACCEPTED',
          },
        ]),
      'matchings.declined': (event) =>
        queue.notify(
          event.matchings.map((matching) => ({
            applicantId: matching.applicantId,
            organizationId: matching.organizationId,
            kind: 'MATCHING_DECLINED' as const,
          })),
        ),
      'message.sent': async (event) => {
        if (event.sender !== 'ORGANIZATION') return;
        await queue.notify([{ applicantId: event.applicantId, organizationId: event.organizationId, kind: 'MESSAGE' }]);
      },
    },
    lost: () => undefined,
  };
}
