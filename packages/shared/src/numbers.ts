/**
 * German numbers and money (spec §1: German UI): one parser for what people type and one
 * formatter for what the app shows, used by the web app and, where the API ever reads numbers
 * typed by people, by the API. Contract numbers in JSON stay plain numbers.
 *
 * Reading rules (ADR 0019):
 * - "." groups thousands and must be followed by exactly three digits ("1.250", "12.500.000");
 *   "," starts the decimals ("1.250,50", "1250,5"). Spaces inside are treated like ".".
 * - An optional "€" or "EUR" before or after, and surrounding spaces, are ignored.
 * - A dot that cannot be a thousands separator ("1.25", "12.5") is refused, not guessed:
 *   in German it is never a decimal point.
 * - "1,250" is 1,25 for plain numbers. For money (at most two decimals) it is refused with a
 *   message that names both readings, because a typed "1,250 €" almost always meant 1.250 €.
 */

export const NUMBER_LOCALE = 'de-DE';

/** Why a text could not be read as a number. */
export const NUMBER_INPUT_ERRORS = ['EMPTY', 'INVALID', 'DOT_AS_DECIMAL', 'TOO_MANY_DECIMALS'] as const;
export type NumberInputError = (typeof NUMBER_INPUT_ERRORS)[number];

/** German messages for money fields (formal "Sie"). */
export const MONEY_INPUT_MESSAGES: Record<NumberInputError, string> = {
  EMPTY: 'Bitte geben Sie einen Betrag in Euro ein.',
  INVALID: 'Bitte geben Sie den Betrag als Zahl ein, z. B. 1.250 oder 1.250,50.',
  DOT_AS_DECIMAL: 'Bitte trennen Sie Cent mit einem Komma ab, z. B. 1.250,50 – der Punkt trennt Tausender.',
  TOO_MANY_DECIMALS:
    'Bitte geben Sie höchstens zwei Nachkommastellen ein. Für tausend Euro schreiben Sie 1.250 oder 1250.',
};

export type NumberParseResult = { ok: true; value: number } | { ok: false; error: NumberInputError };

export interface ParseGermanNumberOptions {
  /** More decimals than this are refused (money: 2). Default: no limit. */
  maxFractionDigits?: number;
}

const CURRENCY = /^(?:€|eur)|(?:€|eur)$/gi;
// Inner spaces of any width (typed, NBSP, narrow NBSP from copied formatted amounts).
const INNER_SPACE = /[\s\u00a0\u202f]+/g;
const GROUPED = /^\d{1,3}(?:\.\d{3})+$/;
const PLAIN = /^\d+$/;

/** Reads a number typed the German way; see the rules at the top of this file. */
export function parseGermanNumber(text: string, options: ParseGermanNumberOptions = {}): NumberParseResult {
  let rest = text.trim().replace(CURRENCY, '').trim();
  if (!rest) return { ok: false, error: 'EMPTY' };
  const negative = rest.startsWith('-') || rest.startsWith('\u2212');
  if (negative) rest = rest.slice(1).trimStart();
  rest = rest.replace(INNER_SPACE, '.');

  const [whole = '', fraction, ...more] = rest.split(',');
  if (more.length > 0 || fraction === '' || (fraction !== undefined && !PLAIN.test(fraction))) {
    return {
      ok: false,
      error: rest.includes('.') && rest.indexOf(',') < rest.lastIndexOf('.') ? 'DOT_AS_DECIMAL' : 'INVALID',
    };
  }
  if (!PLAIN.test(whole) && !GROUPED.test(whole)) {
    return { ok: false, error: /^\d+\.\d+$/.test(whole) && fraction === undefined ? 'DOT_AS_DECIMAL' : 'INVALID' };
  }
  if (
    fraction !== undefined &&
    options.maxFractionDigits !== undefined &&
    fraction.length > options.maxFractionDigits
  ) {
    return { ok: false, error: 'TOO_MANY_DECIMALS' };
  }
  const value = Number(`${whole.replace(/\./g, '')}.${fraction ?? '0'}`);
  if (!Number.isFinite(value)) return { ok: false, error: 'INVALID' };
  return { ok: true, value: negative && value !== 0 ? -value : value };
}

/** Money as typed by people: at most two decimals. */
export function parseEuroInput(text: string): NumberParseResult {
  return parseGermanNumber(text, { maxFractionDigits: 2 });
}

const euroFormat = new Intl.NumberFormat(NUMBER_LOCALE, { style: 'currency', currency: 'EUR' });
const numberFormats = new Map<number, Intl.NumberFormat>();

/** "1.250,00 €" (with the no-break space German typesetting uses before the sign). */
export function formatEuro(value: number): string {
  return euroFormat.format(value);
}

/** "4.000", "1.250,5": thousands dots, decimal comma, at most `maxFractionDigits` decimals. */
export function formatNumber(value: number, maxFractionDigits = 2): string {
  let format = numberFormats.get(maxFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: maxFractionDigits });
    numberFormats.set(maxFractionDigits, format);
  }
  return format.format(value);
}
