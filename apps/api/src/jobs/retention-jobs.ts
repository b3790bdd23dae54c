/**
 * The retention job (issue #14, ADR 0046): `retention-daily`, cron 30 3 * * * Europe/Berlin
 * (a quiet hour, before the 07:00 digests). pg-boss runs a cron tick once across all instances
 * and the singleton queue keeps a second job from running alongside; the run itself is
 * idempotent (notices by primary key, deletions of what is due), so a retry does no harm.
 */
import type PgBoss from 'pg-boss';
import { NOTIFICATION_TIME_ZONE } from '../modules/notifications/digest';
import type { RetentionService } from '../modules/data-protection/retention.service';

export const RETENTION_QUEUE = 'retention-daily';

/**
 * `sweeps`: housekeeping that rides along (expired sign-in counters and used verification links,
 * ADR 0109/0110); each runs after the retention run, a failing one fails the job (pg-boss retries).
 */
export async function startRetentionJobs(
  boss: PgBoss,
  service: RetentionService,
  sweeps: readonly (() => Promise<unknown>)[] = [],
): Promise<void> {
  await boss.createQueue(RETENTION_QUEUE, { name: RETENTION_QUEUE, policy: 'singleton' });
  await boss.schedule(RETENTION_QUEUE, '30 3 * * *', {}, { tz: NOTIFICATION_TIME_ZONE });
  await boss.work(RETENTION_QUEUE, async () => {
    await service.run();
    for (const sweep of sweeps) await sweep();
  });
}
