/**
 * The approval queue's daily mail (ADR 0020) on pg-boss: `approval-daily`, cron 0 8 * * *
 * Europe/Berlin (after the 07:00 notification digests). pg-boss runs a cron tick once across
 * all instances; the singleton queue keeps a second job from running alongside.
 */
import type PgBoss from 'pg-boss';
import { NOTIFICATION_TIME_ZONE } from '../modules/notifications/digest';
import type { ApprovalDigestService } from '../modules/organizations/approval-digest';

export const APPROVAL_QUEUE = 'approval-daily';

export async function startApprovalJobs(boss: PgBoss, service: ApprovalDigestService): Promise<void> {
  await boss.createQueue(APPROVAL_QUEUE, { name: APPROVAL_QUEUE, policy: 'singleton' });
  await boss.schedule(APPROVAL_QUEUE, '0 8 * * *', {}, { tz: NOTIFICATION_TIME_ZONE });
  await boss.work(APPROVAL_QUEUE, async () => {
    await service.run();
  });
}
