import { DATE_FORMAT, TIMESTAMP_FORMAT } from '@matchwerk/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/de';

// Screens that show dates import this module; it sets the German locale once.
dayjs.locale('de');

/** Spec §9: timestamps display as DD.MM.YYYY HH:mm. */
export function formatTimestamp(value: string | Date | number): string {
  return dayjs(value).format(TIMESTAMP_FORMAT);
}

export { dayjs };

/** A calendar date (YYYY-MM-DD) as DD.MM.YYYY; '' for none. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMAT) : '';
}
