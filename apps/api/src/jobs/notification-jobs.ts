/**
 * The notification-mail jobs on pg-boss:
 * - `notify-immediate` (policy "short": at most one waiting job per organisation): sent with a
 *   delay of IMMEDIATE_DELAY_SECONDS after a new matching or candidate message, so every
 *   event of that burst lands in one mail;
 * - `notify-daily` (cron 0 7 * * *) and `notify-weekly` (cron 0 7 * * 1), Europe/Berlin.
 * pg-boss runs a cron tick once across all instances; the delivery table's primary key is the
 * guarantee that no mail goes out twice even if a job runs twice.
 */
import type PgBoss from 'pg-boss';
import { createTtlCache } from '../cache/ttl-cache';
import type { NotificationEvents } from '../modules/notifications/notification-events';
import { IMMEDIATE_DELAY_SECONDS, NOTIFICATION_TIME_ZONE } from '../modules/notifications/digest';
import type { NotificationsService } from '../modules/notifications/notifications.service';

export const QUEUES = { immediate: 'notify-immediate', daily: 'notify-daily', weekly: 'notify-weekly' } as const;

interface ImmediateJob {
  organizationId: string;
}

/** Creates the queues, schedules and workers. */
export async function startNotificationJobs(boss: PgBoss, service: NotificationsService): Promise<void> {
  await boss.createQueue(QUEUES.immediate, { name: QUEUES.immediate, policy: 'short' });
  await boss.createQueue(QUEUES.daily, { name: QUEUES.daily, policy: 'singleton' });
  await boss.createQueue(QUEUES.weekly, { name: QUEUES.weekly, policy: 'singleton' });
  await boss.schedule(QUEUES.daily, '0 7 * * *', {}, { tz: NOTIFICATION_TIME_ZONE });
  await boss.schedule(QUEUES.weekly, '0 7 * * 1', {}, { tz: NOTIFICATION_TIME_ZONE });
  await boss.work<ImmediateJob>(QUEUES.immediate, { batchSize: 5 }, async (jobs) => {
    for (const job of jobs) await service.runImmediate(job.data.organizationId, job.id);
  });
  await boss.work(QUEUES.daily, async () => {
    await service.runScheduledDigests('DAILY');
  });
  await boss.work(QUEUES.weekly, async () => {
    await service.runScheduledDigests('WEEKLY');
  });
}

/**
 * While this process's job for an organisation is known to wait, a further event adds nothing to
 * it: the job reads what is new when it runs. Its start is IMMEDIATE_DELAY_SECONDS after it was
 * queued; the skip window closes this much earlier (clocks of app and database, a slow insert).
 */
const KNOWN_WAITING_MARGIN_MS = 5_000;
/** Organisations whose waiting job this process remembers (least recently used go first). */
const KNOWN_WAITING_MAX = 50_000;

/**
 * Events → a delayed job per organisation; while one waits, further events of the burst add
 * nothing. pg-boss's "short" policy decides that in the database; this process also remembers
 * the jobs it queued itself, so a burst of candidate messages costs one insert, not one per
 * message (issue #12). A job another instance queued is not known here: pg-boss still decides.
 */
export function createQueuedNotificationEvents(
  boss: Pick<PgBoss, 'send'>,
  options: { now?: () => number } = {},
): NotificationEvents {
  const knownWaiting = createTtlCache<string, Promise<void>>({
    max: KNOWN_WAITING_MAX,
    maxLifetimeMs: IMMEDIATE_DELAY_SECONDS * 1000 - KNOWN_WAITING_MARGIN_MS,
    ...(options.now ? { now: options.now } : {}),
  });
  const enqueue = (organizationId: string): Promise<void> => {
    const known = knownWaiting.get(organizationId);
    if (known) return known;
    const sending = boss
      .send(QUEUES.immediate, { organizationId } satisfies ImmediateJob, {
        singletonKey: organizationId,
        startAfter: IMMEDIATE_DELAY_SECONDS,
      })
      .then(
        (jobId) => {
          // null: a job queued elsewhere waits, with a start this process does not know.
          if (jobId === null) forget(organizationId, sending);
        },
        (error: unknown) => {
          forget(organizationId, sending);
          throw error;
        },
      );
    // Remembered from before the insert, so the window closes before the job can start.
    knownWaiting.set(organizationId, sending, IMMEDIATE_DELAY_SECONDS * 1000 - KNOWN_WAITING_MARGIN_MS);
    return sending;
  };
  const forget = (organizationId: string, sending: Promise<void>) => {
    if (knownWaiting.peek(organizationId) === sending) knownWaiting.delete(organizationId);
  };
  return { matchingCreated: enqueue, applicantMessage: enqueue };
}
