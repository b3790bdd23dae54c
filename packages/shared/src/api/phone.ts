import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { safeString } from './fields';

/**
 * Phone numbers (ADR 0043): parsed with libphonenumber-js ("min" metadata) as German unless
 * they start with a country code, and stored in international format ("+49 30 123456"): one
 * way to write every number, readable, and E.164 once the spaces are removed (as the tel: links do).
 * A module of its own so that only the forms with a phone field load the library.
 */

export const PHONE_MESSAGES = {
  invalid: 'Bitte geben Sie eine gültige Telefonnummer mit Vorwahl ein (z. B. 030 123456 oder +49 30 123456).',
  tooLong: 'Die Telefonnummer darf höchstens 40 Zeichen lang sein.',
} as const;

/** Digits, spaces and the usual separators; starts with a trunk 0, + or 00 (no number without area code). */
const PHONE_SHAPE = /^(\+|\(?0)[0-9 ()/.-]*$/;

/** "0171 1234567", "+49 (0)30 123456", "030/123456" → "+49 171 1234567", "+49 30 123456"; null when not a valid number. */
export function normalizePhone(value: string): string | null {
  const trimmed = value.trim();
  if (!PHONE_SHAPE.test(trimmed)) return null;
  const parsed = parsePhoneNumberFromString(trimmed, 'DE');
  return parsed?.isValid() ? parsed.formatInternational() : null;
}

/** An optional phone number, normalised; empty becomes null. */
export const optionalPhoneSchema = safeString()
  .trim()
  .max(40, PHONE_MESSAGES.tooLong)
  .nullish()
  .transform((value, context) => {
    if (!value) return null;
    const normalized = normalizePhone(value);
    if (normalized === null) {
      context.addIssue({ code: 'custom', message: PHONE_MESSAGES.invalid, input: value });
      return z.NEVER;
    }
    return normalized;
  });
