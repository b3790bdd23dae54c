import type { TFunction } from 'i18next';
import { dayjs, formatDate } from '../../../lib/dayjs';

export interface ScheduleState {
  active: boolean;
  publishOn: string | null;
  applicationDeadline: string | null;
}

/** Today in Europe/Berlin (the day the schedule job and the visibility rule use), YYYY-MM-DD. */
export function berlinToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** "geplant ab …" for an inactive posting with a publication day, "Bewerbungsschluss …" (and whether it has passed). */
export function scheduleLabels(state: ScheduleState, t: TFunction, today: string = berlinToday()): string[] {
  const labels: string[] = [];
  if (!state.active && state.publishOn)
    labels.push(t('vacancies.scheduledFrom', { date: formatDate(state.publishOn) }));
  if (state.applicationDeadline) {
    const passed = dayjs(state.applicationDeadline).isBefore(dayjs(today), 'day');
    labels.push(
      t(passed ? 'vacancies.deadlinePassed' : 'vacancies.deadlineOn', { date: formatDate(state.applicationDeadline) }),
    );
  }
  return labels;
}
