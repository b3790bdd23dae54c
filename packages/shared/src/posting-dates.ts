/**
 * Plausible start dates of a posting (issue #14, ADR 0043). Dates are calendar days
 * (YYYY-MM-DD) in Europe/Berlin, wherever the browser or the server is.
 */

export const POSTING_DATE_MESSAGES = {
  past: 'Das Datum liegt in der Vergangenheit. Bitte wählen Sie heute oder ein späteres Datum.',
  tooFar: 'Das Datum liegt mehr als drei Jahre in der Zukunft. Bitte prüfen Sie die Eingabe.',
  trainingBeforeStart: 'Der Ausbildungsbeginn darf nicht vor dem Beginn der Stelle liegen.',
} as const;

/** How far ahead a start may be. */
export const MAX_START_YEARS_AHEAD = 3;

/** `day` plus whole years; 29 February becomes 28 February in a common year. */
export function addYearsToDay(day: string, years: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = year + years;
  const lastOfMonth = new Date(Date.UTC(target, month, 0)).getUTCDate();
  return `${String(target).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(date, lastOfMonth)).padStart(2, '0')}`;
}

export const POSTING_DATE_FIELDS = ['start', 'startOfTraining'] as const;
export type PostingDateField = (typeof POSTING_DATE_FIELDS)[number];
export type PostingDates = Partial<Record<PostingDateField, string | null | undefined>>;

export interface PostingDateContext {
  /** Today in Europe/Berlin (`berlinToday(clock())` from statistics-period). */
  today: string;
  /** The stored dates when saving an existing posting; null or absent for a new one. */
  previous?: PostingDates | null;
}

const isDay = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(value);

/**
 * The training start must not lie before the posting's start (no time involved: part of the
 * schema itself). Returns the message for `startOfTraining`, or null.
 */
export function postingDateOrderProblem(dates: PostingDates): string | null {
  const { start, startOfTraining } = dates;
  return isDay(start) && isDay(startOfTraining) && startOfTraining < start
    ? POSTING_DATE_MESSAGES.trainingBeforeStart
    : null;
}

/**
 * The rules that depend on today: a start must not lie in the past, nor more than three years
 * ahead. A date an existing posting already had is not checked again, so a posting whose start
 * has passed can still be saved unchanged (validated on write, only what the user wrote).
 */
export function postingDateProblems(
  dates: PostingDates,
  context: PostingDateContext,
): Partial<Record<PostingDateField, string>> {
  const problems: Partial<Record<PostingDateField, string>> = {};
  const latest = addYearsToDay(context.today, MAX_START_YEARS_AHEAD);
  for (const field of POSTING_DATE_FIELDS) {
    const value = dates[field];
    if (!isDay(value)) continue;
    if (context.previous && context.previous[field] === value) continue;
    if (value < context.today) problems[field] = POSTING_DATE_MESSAGES.past;
    else if (value > latest) problems[field] = POSTING_DATE_MESSAGES.tooFar;
  }
  return problems;
}
