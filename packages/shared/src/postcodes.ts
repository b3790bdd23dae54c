import { POSTCODE_BITMAP } from './postcodes.data';

/**
 * German postcodes (ADR 0043): the format check and whether a postcode exists, from the same
 * offline table the API geocodes with. One module for API and web: the table (4.6 kB gzip) lands
 * only in the chunks of forms that validate an address, never in the login's.
 */

// Both browsers and Node ≥ 16 have atob; this package is compiled without DOM or Node types.
declare function atob(data: string): string;

export const POSTCODE_MESSAGES = {
  missing: 'Bitte geben Sie die Postleitzahl ein.',
  format: 'Bitte geben Sie eine Postleitzahl mit fünf Ziffern ein.',
  unknown: 'Diese Postleitzahl gibt es nicht.',
  foreignFormat: 'Bitte geben Sie eine gültige Postleitzahl ein.',
} as const;

const GERMANY = new Set(['', 'de', 'deu', 'deutschland', 'germany', 'bundesrepublik deutschland']);

/** True for the ways people write Germany in a country field (empty = Germany, the default). */
export function isGermany(country: string | null | undefined): boolean {
  return GERMANY.has((country ?? '').trim().toLowerCase());
}

export function hasGermanPostcodeFormat(value: string): boolean {
  return /^[0-9]{5}$/.test(value);
}

let bitmap: Uint8Array | null = null;
function loadBitmap(): Uint8Array {
  if (!bitmap) {
    const binary = atob(POSTCODE_BITMAP);
    bitmap = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index++) bitmap[index] = binary.charCodeAt(index);
  }
  return bitmap;
}

/** True when `value` is a German postcode that exists (five digits, listed in the table). */
export function isKnownPostcode(value: string): boolean {
  if (!hasGermanPostcodeFormat(value)) return false;
  const n = Number(value);
  return ((loadBitmap()[n >> 3] ?? 0) & (1 << (n & 7))) !== 0;
}

/**
 * The message for a postcode in `country`, or null when it is fine. German postcodes must have
 * five digits and exist; other countries' postcodes are only checked for a plausible form.
 */
export function postcodeProblem(value: string, country: string | null | undefined): string | null {
  if (!value) return POSTCODE_MESSAGES.missing;
  if (!isGermany(country))
    return /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/.test(value) ? null : POSTCODE_MESSAGES.foreignFormat;
  if (!hasGermanPostcodeFormat(value)) return POSTCODE_MESSAGES.format;
  return isKnownPostcode(value) ? null : POSTCODE_MESSAGES.unknown;
}
