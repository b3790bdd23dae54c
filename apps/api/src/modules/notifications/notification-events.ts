/**
 * What the marketplace tells the notification mails about. Services call these after their
 * transaction committed; a failure to enqueue is logged and never fails the request.
 */
export interface NotificationEvents {
  /** A candidate showed interest in a posting of the organisation (new OPEN matching). */
  matchingCreated(organizationId: string, at: Date): Promise<void>;
  /** A candidate wrote to the organisation. */
  applicantMessage(organizationId: string, at: Date): Promise<void>;
}

/** No mails (route tests, and apps built without a job queue). */
export const NO_NOTIFICATIONS: NotificationEvents = {
  matchingCreated: () => Promise.resolve(),
  applicantMessage: () => Promise.resolve(),
};

/** Recording events (tests). */
export function createRecordingNotificationEvents(): NotificationEvents & {
  events: { kind: string; organizationId: string }[];
} {
  const events: { kind: string; organizationId: string }[] = [];
  return {
    events,
    matchingCreated(organizationId) {
      events.push({ kind: 'matching', organizationId });
      return Promise.resolve();
    },
    applicantMessage(organizationId) {
      events.push({ kind: 'message', organizationId });
      return Promise.resolve();
    },
  };
}
