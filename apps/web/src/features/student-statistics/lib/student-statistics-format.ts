/** German wording of the student statistics: months, shares, and the chart summaries. */
import {
  formatCandidateCount,
  formatNumber,
  STUDENT_SHARE_WITHHELD_LABELS,
  SUPPRESSED_COUNT,
  type CandidateCount,
  type StudentShare,
} from '@matchwerk/shared';

const MONTH_FORMAT = new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2030-01" → "Januar 2030" */
export function formatMonth(month: string): string {
  return MONTH_FORMAT.format(new Date(`${month}-01T00:00:00Z`));
}

/** "36 %" or why no share is given. */
export function formatShare(share: StudentShare): string {
  if (share.share !== null) return `${formatNumber(share.share * 100, 0)} %`;
  return share.withheld ? STUDENT_SHARE_WITHHELD_LABELS[share.withheld] : '–';
}

/**
 * One sentence naming the largest group, e.g. "Am häufigsten: Goldberg-Gymnasium (7)."; groups
 * under five are never named as the largest (their size is not known).
 */
export function largestGroupSentence<Row>(
  rows: readonly Row[],
  label: (row: Row) => string,
  value: (row: Row) => CandidateCount,
): string {
  const known = rows.filter((row) => value(row) !== SUPPRESSED_COUNT && (value(row) as number) > 0);
  if (known.length === 0) return 'Jede Gruppe hat weniger als 5 Schülerinnen und Schüler.';
  const largest = known.reduce((best, row) => ((value(row) as number) > (value(best) as number) ? row : best));
  return `Am häufigsten: ${label(largest)} (${formatCandidateCount(value(largest))}).`;
}
