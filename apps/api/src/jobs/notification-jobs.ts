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

/** Events → a delayed job per organisation; while one waits, further events of the burst add nothing. */
export function createQueuedNotificationEvents(boss: Pick<PgBoss, 'send'>): NotificationEvents {
  const enqueue = async (organizationId: string) => {
    await boss.send(QUEUES.immediate, { organizationId } satisfies ImmediateJob, {
      singletonKey: organizationId,
      startAfter: IMMEDIATE_DELAY_SECONDS,
    });
  };
  return { matchingCreated: enqueue, applicantMessage: enqueue };
}
