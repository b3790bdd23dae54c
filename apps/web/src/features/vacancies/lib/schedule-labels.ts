import { berlinToday } from '@matchwerk/shared';
import type { TFunction } from 'i18next';
import { formatCalendarDay, isDayBefore } from '../../../lib/calendar-day';

export interface ScheduleState {
  active: boolean;
  publishOn: string | null;
  applicationDeadline: string | null;
}

/** "geplant ab …" for an inactive posting with a publication day, "Bewerbungsschluss …" (and whether it has passed). */
export function scheduleLabels(state: ScheduleState, t: TFunction, today: string = berlinToday()): string[] {
  const labels: string[] = [];
  if (!state.active && state.publishOn)
    labels.push(t('vacancies.scheduledFrom', { date: formatCalendarDay(state.publishOn) }));
  if (state.applicationDeadline) {
    const passed = isDayBefore(state.applicationDeadline, today);
    labels.push(
      t(passed ? 'vacancies.deadlinePassed' : 'vacancies.deadlineOn', {
        date: formatCalendarDay(state.applicationDeadline),
      }),
    );
  }
  return labels;
}
