import type { Plugin } from 'vite';

/** MUI's helper behind its locales' and TablePagination's number texts. */
const MUI_BUILD_FORMAT_NUMBER = /[/\\]@mui[/\\]material[/\\]locale[/\\]utils[/\\]buildFormatNumber\.m?js$/;

/**
 * MUI's `buildFormatNumber`, with the `Intl.NumberFormat` made on the first number it formats
 * instead of when the module loads (ADR 0068). `@mui/material/TablePagination` calls it at import,
 * for English counts our theme's German `labelDisplayedRows` replaces: the formatter is never used,
 * yet as a page's first `Intl.NumberFormat` it cost the posting list 30–80 ms of main thread on
 * every cold load. Same answers as MUI's (a test compares them); if MUI moves the file, the
 * original loads and only the saving is lost.
 */
export const LAZY_BUILD_FORMAT_NUMBER_SOURCE = `
export default function buildFormatNumber(locale) {
  let formatter;
  let made = false;
  return (value) => {
    if (!Number.isFinite(value)) return String(value);
    if (!made) {
      made = true;
      try {
        formatter = typeof Intl !== 'undefined' && Intl.NumberFormat ? new Intl.NumberFormat(locale) : undefined;
      } catch {
        formatter = undefined;
      }
    }
    return formatter ? formatter.format(value) : String(value);
  };
}
`;

export function lazyNumberFormat(): Plugin {
  return {
    name: 'matchwerk-lazy-number-format',
    enforce: 'pre',
    load(id) {
      return MUI_BUILD_FORMAT_NUMBER.test(id.split('?')[0] ?? id) ? LAZY_BUILD_FORMAT_NUMBER_SOURCE : null;
    },
  };
}
