/**
 * Issue 14 "Never miss a candidate" (ADR 0041): the limits of internal notes, the response
 * figures' constants, the answer deadlines per region and the candidate's "antwortet meist
 * innerhalb von …". No zod here, so the Anfragen screen needs none before its first paint
 * (ADR 0078); the schemas are in api/candidate-follow-up.schema.ts.
 */

/* ───────────── Internal notes (organisation users only) ───────────── */

/** Longest note; a longer one is refused (400), never cut. */
export const MATCHING_NOTE_MAX_LENGTH = 2000;
export const MATCHING_NOTE_MISSING = 'Bitte geben Sie eine Notiz ein.';

/* ───────────── Response figures ───────────── */

/** The window the employer's figures are computed over. */
export const RESPONSE_STATS_WINDOW_DAYS = 90;
/** Fewer answers than this: no "antwortet meist innerhalb von …" for candidates (too little to say). */
export const RESPONSE_TIME_MIN_ANSWERS = 3;
/** An open matching without answer for this long sends the employer one reminder mail. */
export const RESPONSE_REMINDER_AFTER_DAYS = 3;

/** "antwortet meist innerhalb von N Tagen" (candidate API) from the median answer time. */
export function typicalAnswerDays(medianAnswerHours: number): number {
  return Math.max(1, Math.ceil(medianAnswerHours / 24));
}

export function typicalAnswerText(days: number): string {
  return days === 1 ? 'antwortet meist innerhalb von 1 Tag' : `antwortet meist innerhalb von ${days} Tagen`;
}

/* ───────────── Answer deadlines per region (administrators) ───────────── */

export const RESPONSE_DEADLINE_DEFAULT_DAYS = 14;

/**
 * When an open matching is closed automatically (issue 48 item 6): its creation plus the region's
 * deadline. The reminder goes out after RESPONSE_REMINDER_AFTER_DAYS and the decline waits a day
 * after it, which is always earlier than the shortest deadline, so this is the day it closes.
 */
export function openMatchingClosesAt(createdAt: string | Date, declineAfterDays: number): Date {
  return new Date(new Date(createdAt).getTime() + declineAfterDays * 86_400_000);
}
/** Above the reminder (3 days), at most a quarter year. */
export const RESPONSE_DEADLINE_MIN_DAYS = 7;
export const RESPONSE_DEADLINE_MAX_DAYS = 90;
