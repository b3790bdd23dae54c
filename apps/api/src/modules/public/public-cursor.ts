import { PUBLIC_MESSAGES, PUBLIC_VACANCY_SORTS, type PublicVacancySort } from '@matchwerk/shared';
import { z } from 'zod';
import { isUuid } from '../../access/ids';
import { AppError } from '../../errors/app-error';

/**
 * The public list's keyset cursor: the sort and the last row's sort key as PostgreSQL text plus
 * its id, base64url JSON. Opaque to clients; it holds only what the page showed, so it is not
 * signed, but every part is checked here: a forged value must be a 400, never a failed cast (500).
 */
const cursorSchema = z.object({ s: z.enum(PUBLIC_VACANCY_SORTS), k: z.tuple([z.string().max(400), z.string()]) });

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const KEY_VALID: Record<PublicVacancySort, (value: string) => boolean> = {
  newest: (value) =>
    /^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?$/.test(value) && isCalendarDate(value.slice(0, 10)),
  title: (value) => !value.includes('\u0000'),
  start: (value) => value === 'infinity' || isCalendarDate(value),
  distance: (value) => /^\d{1,5}(\.\d{1,20})?(e-\d{1,3})?$/.test(value) && Number.isFinite(Number(value)),
};

export function encodePublicCursor(sort: PublicVacancySort, key: [string, string]): string {
  return Buffer.from(JSON.stringify({ s: sort, k: key })).toString('base64url');
}

export function decodePublicCursor(value: string, sort: PublicVacancySort): [string, string] {
  const invalid = () => new AppError('VALIDATION_FAILED', { message: PUBLIC_MESSAGES.invalidCursor });
  let parsed: z.infer<typeof cursorSchema>;
  try {
    const result = cursorSchema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    if (!result.success) throw invalid();
    parsed = result.data;
  } catch {
    throw invalid();
  }
  if (parsed.s !== sort || !KEY_VALID[sort](parsed.k[0]) || !isUuid(parsed.k[1])) throw invalid();
  return parsed.k;
}
