import { VACANCY_SORT_FIELDS } from '@matchwerk/shared';
import { z } from 'zod';
import { isUuid } from '../../access/ids';
import { AppError } from '../../errors/app-error';

/** PostgreSQL types of the sort key's parts; the repository casts each cursor value to its type. */
export type KeyType = 'text' | 'date' | 'timestamptz' | 'uuid';

/** A forged value must be refused here: a failed cast in the query would be a 500. */
const KEY_VALUE_VALID: Record<KeyType, (value: string) => boolean> = {
  // PostgreSQL text cannot hold NUL.
  text: (value) => !value.includes('\u0000'),
  date: (value) => value === 'infinity' || value === '-infinity' || isCalendarDate(value),
  // As PostgreSQL writes timestamptz as text ("2026-03-01 10:00:00.123456+00"; JS cannot parse "+00").
  timestamptz: (value) =>
    /^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-]\d{2}(:[0-5]\d){0,2}$/.test(value) &&
    isCalendarDate(value.slice(0, 10)),
  uuid: isUuid,
};

/**
 * The list's keyset cursor (ADR 0028): the sort key of the last row of a page, with the sort and
 * order it belongs to, as base64url JSON. Opaque to clients; it holds nothing they could not see
 * in the page itself (titles, names, dates, the id), so it is not signed.
 */
export interface VacancyCursor {
  sort: (typeof VACANCY_SORT_FIELDS)[number];
  order: 'asc' | 'desc';
  /** The sort key's values as PostgreSQL text, in key order (the id last). */
  key: string[];
}

const cursorSchema = z.object({
  s: z.enum(VACANCY_SORT_FIELDS),
  o: z.enum(['asc', 'desc']),
  k: z.array(z.string().max(400)).min(2).max(4),
});

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const CURSOR_MESSAGES = {
  invalid: 'Der Seiten-Cursor ist ungültig. Bitte laden Sie die Liste neu.',
  otherSort: 'Der Seiten-Cursor gehört zu einer anderen Sortierung. Bitte laden Sie die Liste neu.',
} as const;

export function encodeVacancyCursor(cursor: VacancyCursor): string {
  return Buffer.from(JSON.stringify({ s: cursor.sort, o: cursor.order, k: cursor.key })).toString('base64url');
}

/**
 * Reads a cursor for the requested sort and order. A cursor of another sort is refused (400), not
 * ignored: its key would position the page somewhere arbitrary, and a client that sends it has
 * lost track of its page map — better it reloads than shows a wrong page.
 */
export function decodeVacancyCursor(
  value: string,
  expected: { sort: VacancyCursor['sort']; order: VacancyCursor['order']; keyTypes: readonly KeyType[] },
): string[] {
  let parsed: z.infer<typeof cursorSchema>;
  try {
    const result = cursorSchema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    if (!result.success) throw new AppError('VALIDATION_FAILED', { message: CURSOR_MESSAGES.invalid });
    parsed = result.data;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('VALIDATION_FAILED', { message: CURSOR_MESSAGES.invalid });
  }
  if (parsed.s !== expected.sort || parsed.o !== expected.order)
    throw new AppError('VALIDATION_FAILED', { message: CURSOR_MESSAGES.otherSort });
  const { keyTypes } = expected;
  if (parsed.k.length !== keyTypes.length || parsed.k.some((part, index) => !KEY_VALUE_VALID[keyTypes[index]!](part))) {
    throw new AppError('VALIDATION_FAILED', { message: CURSOR_MESSAGES.invalid });
  }
  return parsed.k;
}
