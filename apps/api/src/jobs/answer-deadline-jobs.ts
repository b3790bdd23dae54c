/**
 * The answer-deadline job (issue 14, ADR 0041) on pg-boss: `answer-deadlines`, hourly at :20.
 * pg-boss runs a cron tick once across all instances and the singleton queue keeps a second
 * job from running alongside; the job's UPDATE claims make a repeated run harmless anyway.
 */
import type PgBoss from 'pg-boss';
import type { AnswerDeadlineJob } from '../modules/candidate-follow-up/candidate-follow-up.service';
import { NOTIFICATION_TIME_ZONE } from '../modules/notifications/digest';

export const ANSWER_DEADLINE_QUEUE = 'answer-deadlines';

export async function startAnswerDeadlineJobs(boss: PgBoss, job: AnswerDeadlineJob): Promise<void> {
  await boss.createQueue(ANSWER_DEADLINE_QUEUE, { name: ANSWER_DEADLINE_QUEUE, policy: 'singleton' });
  await boss.schedule(ANSWER_DEADLINE_QUEUE, '20 * * * *', {}, { tz: NOTIFICATION_TIME_ZONE });
  await boss.work(ANSWER_DEADLINE_QUEUE, async () => {
    await job.run();
  });
}
