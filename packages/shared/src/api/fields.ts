import { z } from 'zod';
import { LIST_PAGE_SIZE } from '../constants';
import {
  DATE_RANGE_MESSAGE,
  FORBIDDEN_CHARACTERS_MESSAGE,
  germanZodErrors,
  hasForbiddenCharacters,
  INVALID_DATE_MESSAGE,
  isDateInRange,
} from './input-rules';

/** Reusable field schemas with German messages, shared by the organisation and vacancy contracts. */

// zod's built-in checks answer in German wherever a schema of this package is parsed (API and web).
z.config({ localeError: germanZodErrors });

/** A string without NUL, control characters or lone surrogates (see input-rules). */
export function safeString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasForbiddenCharacters(value), FORBIDDEN_CHARACTERS_MESSAGE);
}

/** Optional free text: trimmed; empty becomes null. */
export function optionalText(max: number, label: string) {
  return safeString()
    .trim()
    .max(max, `${label} darf höchstens ${max} Zeichen lang sein.`)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** Required free text, trimmed. */
export function requiredText(max: number, missing: string, label: string) {
  return safeString({ error: missing })
    .trim()
    .min(1, missing)
    .max(max, `${label} darf höchstens ${max} Zeichen lang sein.`);
}

export const URL_MESSAGES = {
  invalid: 'Bitte geben Sie eine gültige Internetadresse ein (z. B. https://www.beispiel.de).',
  scheme: 'Bitte geben Sie eine Internetadresse mit http:// oder https:// ein.',
  tooLong: 'Die Adresse darf höchstens 500 Zeichen lang sein.',
} as const;

/** "javascript:", "mailto:" …: a scheme is letters before a colon, without dots (unlike "www.firma.de:8080"). */
const SCHEME = /^([a-z][a-z0-9+-]*):/i;
const HTTP_URL = /^(https?):\/\/([^/?#]*)(.*)$/i;
const httpUrlSchema = z.url({ protocol: /^https?$/, hostname: /^[^.]+(\.[^.]+)+$/ });

function otherScheme(value: string): boolean {
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  return scheme !== undefined && scheme !== 'http' && scheme !== 'https';
}

/**
 * A web address as stored (ADR 0043): https:// added when no scheme is given, scheme and host
 * in lower case, path and query as typed. Null for other schemes (javascript:, data:, mailto:…)
 * and for anything that is not a web address with a dotted host name.
 */
export function normalizeUrl(value: string): string | null {
  const trimmed = value.trim();
  if (otherScheme(trimmed)) return null;
  const withScheme = SCHEME.test(trimmed) ? trimmed : `https://${trimmed.replace(/^\/\//, '')}`;
  const match = HTTP_URL.exec(withScheme);
  if (!match) return null;
  const [, scheme = '', authority = '', rest = ''] = match;
  const normalized = `${scheme.toLowerCase()}://${authority.toLowerCase()}${rest}`;
  return httpUrlSchema.safeParse(normalized).success ? normalized : null;
}

/** An optional web address, normalised (`normalizeUrl`); empty becomes null. */
export const optionalUrlSchema = safeString()
  .trim()
  .max(500, URL_MESSAGES.tooLong)
  .nullish()
  .transform((value, context) => {
    if (!value) return null;
    const normalized = normalizeUrl(value);
    if (normalized === null) {
      context.addIssue({
        code: 'custom',
        message: otherScheme(value) ? URL_MESSAGES.scheme : URL_MESSAGES.invalid,
        input: value,
      });
      return z.NEVER;
    }
    return normalized;
  });

export const optionalEmailSchema = safeString()
  .trim()
  .max(254, 'Die E-Mail-Adresse ist zu lang.')
  .nullish()
  .transform((value) => (value ? value.toLowerCase() : null))
  .refine(
    (value) => value === null || z.email().safeParse(value).success,
    'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  );

/** A calendar date as YYYY-MM-DD (no time zone) between 1900 and 2100, optional: every date input uses it. */
export const optionalDateSchema = z
  .string()
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || z.iso.date().safeParse(value).success, INVALID_DATE_MESSAGE)
  .refine(
    (value) => value === null || !z.iso.date().safeParse(value).success || isDateInRange(value),
    DATE_RANGE_MESSAGE,
  );

export const idSchema = safeString().min(1).max(64);

/** Server-side paging and sorting for list endpoints. */
export function pageQuerySchema<const Sort extends readonly [string, ...string[]]>(
  sortFields: Sort,
  defaultSort: Sort[number],
) {
  return z.object({
    page: z.coerce.number().int().min(0).default(0),
    pageSize: z.coerce.number().int().min(1).max(100).default(LIST_PAGE_SIZE),
    sort: z.enum(sortFields).default(defaultSort),
    order: z.enum(['asc', 'desc']).default('asc'),
    search: safeString().trim().max(100).optional(),
  });
}

export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
