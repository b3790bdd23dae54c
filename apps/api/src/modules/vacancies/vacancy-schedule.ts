import { and, eq, isNotNull, lt, lte, or, isNull, gte, sql } from 'drizzle-orm';
import { berlinToday } from '@matchwerk/shared';
import type { Database } from '../../db/client';
import { vacancies } from '../../db/schema/index';

export interface VacancyScheduleDeps {
  db: Database;
  clock: () => Date;
}

/**
 * Applies publication days and application deadlines (ADR 0042). Each step is one conditional
 * UPDATE: running it twice, late, or in two processes at once changes each row once and
 * nothing more, so the pg-boss schedule may retry or overlap freely.
 */
export function createVacancyScheduleService({ db, clock }: VacancyScheduleDeps) {
  return {
    async run(): Promise<{ activated: number; deactivated: number; scheduleDropped: number }> {
      const now = clock();
      const today = berlinToday(now);
      const bump = { updatedAt: now, version: sql`${vacancies.version} + 1` };
      // Deadline passed: the last day to apply was before today.
      const deactivated = await db
        .update(vacancies)
        .set({ active: false, ...bump })
        .where(
          and(
            eq(vacancies.active, true),
            isNotNull(vacancies.applicationDeadline),
            lt(vacancies.applicationDeadline, today),
          ),
        )
        .returning({ id: vacancies.id });
      // Publication day reached: activate (unless the deadline has passed meanwhile) and clear the day.
      const due = and(eq(vacancies.active, false), isNotNull(vacancies.publishOn), lte(vacancies.publishOn, today));
      const open = or(isNull(vacancies.applicationDeadline), gte(vacancies.applicationDeadline, today));
      const activated = await db
        .update(vacancies)
        .set({ active: true, publishOn: null, ...bump })
        .where(and(due, open))
        .returning({ id: vacancies.id });
      const dropped = await db
        .update(vacancies)
        .set({ publishOn: null, ...bump })
        .where(due)
        .returning({ id: vacancies.id });
      return { activated: activated.length, deactivated: deactivated.length, scheduleDropped: dropped.length };
    },
  };
}

export type VacancyScheduleService = ReturnType<typeof createVacancyScheduleService>;
