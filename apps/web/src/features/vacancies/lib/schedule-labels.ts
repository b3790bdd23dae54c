import { berlinToday } from '@matchwerk/shared';
import type { TFunction } from 'i18next';
import { dayjs, formatDate } from '../../../lib/dayjs';

export interface ScheduleState {
  active: boolean;
  publishOn: string | null;
  applicationDeadline: string | null;
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
