/**
 * Reporting periods of the statistics (issue #11): the presets a partner picks, the period
 * they compare with, and the rules both sides check. Dates are calendar days (YYYY-MM-DD) in
 * Europe/Berlin; a period includes both its first and its last day.
 */

export const STATISTICS_TIME_ZONE = 'Europe/Berlin';

export const STATISTICS_PERIOD_PRESETS = ['WEEK', 'MONTH', 'SEASON', 'CUSTOM'] as const;
export type StatisticsPeriodPreset = (typeof STATISTICS_PERIOD_PRESETS)[number];

export const STATISTICS_PERIOD_PRESET_LABELS: Record<StatisticsPeriodPreset, string> = {
  WEEK: 'Diese Woche',
  MONTH: 'Dieser Monat',
  SEASON: 'Saison (Aug.–Juli)',
  CUSTOM: 'Eigener Zeitraum',
};

/** The season of the apprenticeship market starts on 1 August (month index 7). */
export const SEASON_START_MONTH = 8;
/** Longest period one request may cover (five years): keeps every query bounded. */
export const MAX_STATISTICS_PERIOD_DAYS = 5 * 366;

export interface StatisticsPeriod {
  from: string;
  to: string;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

function parseDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function formatDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return formatDay(new Date(parseDay(day).getTime() + days * DAY_MS));
}

/** Number of calendar days from `from` to `to`, both included. */
export function periodLengthInDays(period: StatisticsPeriod): number {
  return Math.round((parseDay(period.to).getTime() - parseDay(period.from).getTime()) / DAY_MS) + 1;
}

/** 01:00 UTC on the last Sunday of a month (0-based): when the EU's summer time starts (March) and ends (October). */
function euClockChange(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * Today's calendar date in Berlin. Computed from the EU's summer-time rule (in force since 1996),
 * not with `Intl.DateTimeFormat`: a page's first one costs 30–80 ms of the browser's main thread,
 * and the posting list asks this in its first render (ADR 0068). Checked every half hour against
 * `Intl` in statistics-period.test.ts; if the EU ends the clock change, that test says so.
 */
export function berlinToday(now: Date = new Date()): string {
  const instant = now.getTime();
  const year = now.getUTCFullYear();
  const summer = instant >= euClockChange(year, 2) && instant < euClockChange(year, 9);
  return formatDay(new Date(instant + (summer ? 2 : 1) * HOUR_MS));
}

function lastDayOfMonth(year: number, month: number): string {
  return formatDay(new Date(Date.UTC(year, month, 0)));
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The whole week (Monday–Sunday), calendar month or season (1 Aug – 31 Jul) that contains `today`. */
export function wholePresetPeriod(preset: Exclude<StatisticsPeriodPreset, 'CUSTOM'>, today: string): StatisticsPeriod {
  const date = parseDay(today);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + 1;
  switch (preset) {
    case 'WEEK': {
      const sinceMonday = (date.getUTCDay() + 6) % 7;
      const from = addDays(today, -sinceMonday);
      return { from, to: addDays(from, 6) };
    }
    case 'MONTH':
      return { from: `${year}-${pad(month)}-01`, to: lastDayOfMonth(year, month) };
    case 'SEASON': {
      const startYear = month >= SEASON_START_MONTH ? year : year - 1;
      return {
        from: `${startYear}-${pad(SEASON_START_MONTH)}-01`,
        to: lastDayOfMonth(startYear + 1, SEASON_START_MONTH - 1),
      };
    }
  }
}

/**
 * The week, month or season that contains `today`, **up to today** (issue #48): a preset shows
 * what has happened so far, so the weekly chart ends at today instead of drawing empty weeks into
 * the future, and `previousPeriod` compares it with the same span before (see there).
 */
export function presetPeriod(preset: Exclude<StatisticsPeriodPreset, 'CUSTOM'>, today: string): StatisticsPeriod {
  const whole = wholePresetPeriod(preset, today);
  return { from: whole.from, to: whole.to < today ? whole.to : today };
}

function isWholeMonth(period: StatisticsPeriod): boolean {
  const from = parseDay(period.from);
  return from.getUTCDate() === 1 && period.to === lastDayOfMonth(from.getUTCFullYear(), from.getUTCMonth() + 1);
}

function seasonStartOf(day: string): string {
  const date = parseDay(day);
  const year = date.getUTCFullYear();
  const startYear = date.getUTCMonth() + 1 >= SEASON_START_MONTH ? year : year - 1;
  return `${startYear}-${pad(SEASON_START_MONTH)}-01`;
}

/** The same calendar day `months` months earlier or later; a 29th–31st the target month lacks becomes its last day. */
function shiftDay(day: string, months: number): string {
  const date = parseDay(day);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const last = parseDay(lastDayOfMonth(target.getUTCFullYear(), target.getUTCMonth() + 1)).getUTCDate();
  return `${target.getUTCFullYear()}-${pad(target.getUTCMonth() + 1)}-${pad(Math.min(date.getUTCDate(), last))}`;
}

/**
 * The period a figure is compared with (issue #48: the same span, never a longer one):
 * - a period that starts on 1 August and ends within that season (the season so far, or the
 *   whole season) → the same calendar days of the season before (1 Aug – 7 Dec 2026 compares
 *   with 1 Aug – 7 Dec 2025, not with the whole season 2025/26);
 * - a period that starts on the 1st of a month and ends within it (the month so far, or the
 *   whole month) → the same days of the month before (March with February, 1–7 March with
 *   1–7 February; a 29th–31st that February lacks becomes its last day);
 * - a period that starts on a Monday and is shorter than a week (the week so far) → the same
 *   weekdays of the week before;
 * - anything else → as many days directly before (a week with the week before).
 */
export function previousPeriod(period: StatisticsPeriod): StatisticsPeriod {
  const from = parseDay(period.from);
  if (
    from.getUTCMonth() + 1 === SEASON_START_MONTH &&
    from.getUTCDate() === 1 &&
    seasonStartOf(period.to) === period.from &&
    !isWholeMonth(period)
  ) {
    return { from: shiftDay(period.from, -12), to: shiftDay(period.to, -12) };
  }
  if (from.getUTCDate() === 1 && period.to.slice(0, 7) === period.from.slice(0, 7)) {
    if (isWholeMonth(period)) {
      const previousMonthEnd = addDays(period.from, -1);
      const end = parseDay(previousMonthEnd);
      return { from: `${end.getUTCFullYear()}-${pad(end.getUTCMonth() + 1)}-01`, to: previousMonthEnd };
    }
    return { from: shiftDay(period.from, -1), to: shiftDay(period.to, -1) };
  }
  const length = periodLengthInDays(period);
  if (from.getUTCDay() === 1 && length < 7) return { from: addDays(period.from, -7), to: addDays(period.to, -7) };
  const to = addDays(period.from, -1);
  return { from: addDays(to, -(length - 1)), to };
}
