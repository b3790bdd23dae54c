/**
 * CSV for German spreadsheets (issue #11): UTF-8 with a byte-order mark and `;` as separator,
 * numbers with a decimal comma, so Excel in a German locale opens the file without the import
 * wizard. Used by the API's exports and by the web app's table exports.
 */
import { formatNumber } from './numbers';

export const CSV_MIME_TYPE = 'text/csv; charset=utf-8';
const BOM = '\uFEFF';
const SEPARATOR = ';';

export type CsvCell = string | number | boolean | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvCell;
}

/**
 * A value as one CSV field. Text that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`,
 * tab, CR at the start) gets a leading apostrophe (CSV injection, OWASP).
 */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'number') text = Number.isFinite(value) ? formatNumber(value, 2).replace(/\./g, '') : '';
  else if (typeof value === 'boolean') text = value ? 'ja' : 'nein';
  else text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: BOM, header line, one line per row, CRLF line ends (RFC 4180). */
export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  const lines = [columns.map((column) => csvField(column.header)).join(SEPARATOR)];
  for (const row of rows) lines.push(columns.map((column) => csvField(column.value(row))).join(SEPARATOR));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** `matchwerk-statistik-2026-08-01-bis-2027-07-31.csv`-style names: ASCII, no spaces. */
export function csvFileName(...parts: string[]): string {
  const slug = parts
    .join('-')
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return `matchwerk-${slug}.csv`;
}
