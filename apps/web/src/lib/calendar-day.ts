/**
 * Calendar days as the API sends them (`YYYY-MM-DD`, no time, no zone), without a date library:
 * the posting list shows them before its first paint and dayjs would be 4 KiB more there.
 */
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `2026-12-03` as `03.12.2026` (spec §9); '' for none or for anything that is not such a day. */
export function formatCalendarDay(day: string | null | undefined): string {
  const match = day ? CALENDAR_DAY.exec(day) : null;
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
}

/** Whether day `a` comes before day `b`: `YYYY-MM-DD` sorts as text. */
export const isDayBefore = (a: string, b: string): boolean => a < b;
