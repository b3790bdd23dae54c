/**
 * Publication days and application deadlines of postings (ADR 0042) on pg-boss:
 * `vacancy-schedule`, every minute in Europe/Berlin. pg-boss runs a cron tick once across all
 * instances and the singleton queue keeps a second run from overlapping; the work itself is
 * idempotent, so a retry or a late run is harmless. Candidates never see a posting past its
 * deadline even before this runs: the visibility rule checks the deadline too.
 */
import type PgBoss from 'pg-boss';
import type { VacancyScheduleService } from '../modules/vacancies/vacancy-schedule';

export const VACANCY_SCHEDULE_QUEUE = 'vacancy-schedule';

export async function startVacancyScheduleJobs(boss: PgBoss, service: VacancyScheduleService): Promise<void> {
  await boss.createQueue(VACANCY_SCHEDULE_QUEUE, { name: VACANCY_SCHEDULE_QUEUE, policy: 'singleton' });
  await boss.schedule(VACANCY_SCHEDULE_QUEUE, '* * * * *', {}, { tz: 'Europe/Berlin' });
  await boss.work(VACANCY_SCHEDULE_QUEUE, async () => {
    await service.run();
  });
}
