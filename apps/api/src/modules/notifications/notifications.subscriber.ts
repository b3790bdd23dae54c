/**
 * Notification mails (pg-boss): a new matching and a candidate's message ask for the
 * organisation's notification job. A failure to enqueue is logged by the bus and never fails the
 * write; there is nothing kept to drop.
 */
import type { DomainEventSubscriber } from '../../events/domain-events';
import type { NotificationEvents } from './notification-events';

export function notificationsSubscriber(notifications: NotificationEvents): DomainEventSubscriber {
  return {
    name: 'notification mails',
    handlers: {
      'matching.created': (event) => notifications.matchingCreated(event.organizationId, event.at),
      'message.sent': async (event) => {
        if (event.sender === 'APPLICANT') await notifications.applicantMessage(event.organizationId, event.at);
      },
    },
    lost: () => undefined,
  };
}
