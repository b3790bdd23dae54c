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

/** Adds one to the last digit of a string of digits ("0999" → "1000"). */
function incrementDigits(digits: string): string {
  let carry = 1;
  let result = '';
  for (let i = digits.length - 1; i >= 0; i--) {
    const sum = Number(digits[i]) + carry;
    result = String(sum % 10) + result;
    carry = sum >= 10 ? 1 : 0;
  }
  return carry ? `1${result}` : result;
}

/**
 * German digits without `Intl`: a page's first `Intl.NumberFormat` costs 30–80 ms of the browser's
 * main thread (ICU's locale data), and every signed-in screen formats numbers in its first render
 * (ADR 0068). Rounds as `Intl.NumberFormat` does: the shortest decimal that reads back as the
 * double (`String(value)`, so 1.005 is "1.005"), halves away from zero; checked against it in
 * numbers.test.ts. Null where `String` writes an exponent or the value is not finite: `Intl` then.
 */
function germanDigits(
  value: number,
  minFractionDigits: number,
  maxFractionDigits: number,
  percent = false,
): string | null {
  const plain = String(Math.abs(value));
  if (!Number.isFinite(value) || plain.includes('e')) return null;
  let [whole = '0', fraction = ''] = plain.split('.');
  if (percent) {
    // Times 100 on the decimal digits, as Intl does (0.145 is 14,5 %, not 14.499999999999998).
    const padded = fraction.padEnd(2, '0');
    whole = (whole + padded.slice(0, 2)).replace(/^0+(?=\d)/, '');
    fraction = padded.slice(2);
  }
  let digits = whole + fraction.slice(0, maxFractionDigits).padEnd(maxFractionDigits, '0');
  if ((fraction[maxFractionDigits] ?? '0') >= '5') digits = incrementDigits(digits);
  const wholeDigits = digits.slice(0, digits.length - maxFractionDigits) || '0';
  let decimals = digits.slice(digits.length - maxFractionDigits);
  while (decimals.length > minFractionDigits && decimals.endsWith('0')) decimals = decimals.slice(0, -1);
  const grouped = wholeDigits.replace(/\B(?=(\d{3})+$)/g, '.');
  // Intl keeps the sign of a negative value that rounds to zero ("-0"), and of -0 itself.
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${grouped}${decimals ? `,${decimals}` : ''}`;
}

let euroFormat: Intl.NumberFormat | undefined;
const numberFormats = new Map<number, Intl.NumberFormat>();

/** "1.250,00 €" (with the no-break space German typesetting uses before the sign). */
export function formatEuro(value: number): string {
  const digits = germanDigits(value, 2, 2);
  if (digits !== null) return `${digits}\u00a0€`;
  euroFormat ??= new Intl.NumberFormat(NUMBER_LOCALE, { style: 'currency', currency: 'EUR' });
  return euroFormat.format(value);
}

/** "4.000", "1.250,5": thousands dots, decimal comma, at most `maxFractionDigits` decimals. */
export function formatNumber(value: number, maxFractionDigits = 2): string {
  const digits = germanDigits(value, 0, maxFractionDigits);
  if (digits !== null) return digits;
  let format = numberFormats.get(maxFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: maxFractionDigits });
    numberFormats.set(maxFractionDigits, format);
  }
  return format.format(value);
}

let percentFormats: Map<number, Intl.NumberFormat> | undefined;

/** A share as German percent: 0.125 → "13 %" (no-break space before the sign, as Intl writes it). */
export function formatPercent(ratio: number, maxFractionDigits = 0): string {
  const digits = germanDigits(ratio, 0, maxFractionDigits, true);
  if (digits !== null) return `${digits}\u00a0%`;
  percentFormats ??= new Map();
  let format = percentFormats.get(maxFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat(NUMBER_LOCALE, { style: 'percent', maximumFractionDigits: maxFractionDigits });
    percentFormats.set(maxFractionDigits, format);
  }
  return format.format(ratio);
}
