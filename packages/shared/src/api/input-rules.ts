import { z } from 'zod';

/**
 * Rules every text and date input obeys, wherever it enters (zod field builders, and the API's
 * guard for anything not built from them), and German texts for zod's built-in checks.
 */

/** NUL and the other C0 control characters except tab, line feed and carriage return. */
function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return true;
  }
  return false;
}
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when the text cannot be stored as typed: PostgreSQL refuses NUL in text, and a lone
 * UTF-16 surrogate would silently turn into U+FFFD on the way to the database.
 */
export function hasForbiddenCharacters(value: string): boolean {
  return hasControlCharacter(value) || LONE_SURROGATE.test(value);
}

export const FORBIDDEN_CHARACTERS_MESSAGE =
  'Der Text enthält unzulässige Zeichen (z. B. Steuerzeichen). Bitte entfernen Sie sie.';

/** Calendar dates outside this range are typing errors here and partly out of PostgreSQL's range. */
/** Input nested deeper than any request of ours (the API refuses it before validation). */
export const TOO_DEEP_MESSAGE = 'Die Anfrage ist zu tief verschachtelt.';

/** German answers to requests that fail before any route sees them (transport, URL, multipart). */
export const REQUEST_MESSAGES = {
  malformedUpload:
    'Die Datei konnte nicht gelesen werden, weil die Übertragung fehlerhaft war. Bitte versuchen Sie es erneut.',
  badUrl: 'Die aufgerufene Adresse ist ungültig.',
  malformedRequest: 'Die Anfrage ist fehlerhaft.',
  headersTooLarge:
    'Die Anfrage enthält zu viele oder zu lange Kopfzeilen (z. B. Cookies). Bitte löschen Sie die Cookies dieser Seite und versuchen Sie es erneut.',
  /** A value the database refused by a CHECK constraint (e.g. an unknown region) that validation let through. */
  valueNotAllowed:
    'Ein Wert ist nicht zulässig (zum Beispiel eine unbekannte Region oder Auswahl). Bitte prüfen Sie Ihre Eingaben.',
} as const;

export const DATE_RANGE = { min: '1900-01-01', max: '2100-12-31' } as const;
export const DATE_RANGE_MESSAGE = 'Bitte geben Sie ein Datum zwischen 1900 und 2100 ein.';
export const INVALID_DATE_MESSAGE = 'Bitte geben Sie ein gültiges Datum ein.';

const isoDate = z.iso.date();

/** A real calendar date as YYYY-MM-DD within DATE_RANGE (ISO dates compare as strings). */
export function isDateInRange(value: string): boolean {
  return isoDate.safeParse(value).success && value >= DATE_RANGE.min && value <= DATE_RANGE.max;
}

function quantity(origin: string, count: number | bigint): string {
  if (origin === 'string') return `${count} Zeichen`;
  if (origin === 'array' || origin === 'set') return `${count} Einträge`;
  if (origin === 'file') return `${count} Bytes`;
  return String(count);
}

/** German messages for zod's own checks; fields with their own message keep it. */
export const germanZodErrors: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? 'Bitte füllen Sie dieses Feld aus.'
        : 'Dieser Wert hat nicht das erwartete Format.';
    case 'too_big':
      return issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint'
        ? `Der Wert darf höchstens ${issue.maximum} sein.`
        : `Höchstens ${quantity(issue.origin, issue.maximum)} erlaubt.`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'Bitte füllen Sie dieses Feld aus.';
      return issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint'
        ? `Der Wert muss mindestens ${issue.minimum} sein.`
        : `Mindestens ${quantity(issue.origin, issue.minimum)} erforderlich.`;
    case 'invalid_format':
      return issue.format === 'email'
        ? 'Bitte geben Sie eine gültige E-Mail-Adresse ein.'
        : 'Das Format dieses Werts ist ungültig.';
    case 'invalid_value':
      return 'Bitte wählen Sie einen der vorgesehenen Werte.';
    case 'not_multiple_of':
      return 'Dieser Wert ist nicht zulässig.';
    case 'unrecognized_keys':
      return `Die Anfrage enthält unbekannte Felder: ${issue.keys.join(', ')}.`;
    case 'custom':
    case 'invalid_element':
    case 'invalid_key':
    case 'invalid_union':
    default:
      return 'Dieser Wert ist ungültig.';
  }
};
