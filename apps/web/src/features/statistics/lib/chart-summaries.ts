/** The one-sentence summaries under each chart: what a sighted reader takes from it at a glance. */
import {
  formatCandidateCount,
  formatNumber,
  SUPPRESSED_COUNT,
  type CandidateCount,
  type WeeklyTrendPoint,
} from '@matchwerk/shared';
import { formatDate } from '../../../lib/dayjs';

/** "Am meisten: Mechatroniker/in (34), danach Kaufmann/-frau (20)." */
export function highestSummary<Row>(
  rows: readonly Row[],
  name: (row: Row) => string,
  value: (row: Row) => CandidateCount,
  what: string,
): string {
  const counted = rows.filter((row) => value(row) !== SUPPRESSED_COUNT && value(row) !== 0);
  if (counted.length === 0) {
    return rows.some((row) => value(row) === SUPPRESSED_COUNT)
      ? `Jede Gruppe hat weniger als 5 ${what}; genaue Zahlen werden zum Schutz der Jugendlichen nicht gezeigt.`
      : `Keine ${what} im Zeitraum.`;
  }
  const sorted = [...counted].sort((a, b) => (value(b) as number) - (value(a) as number));
  const [first, second] = sorted;
  const firstText = `Am meisten ${what}: ${name(first!)} (${formatCandidateCount(value(first!))})`;
  return second ? `${firstText}, danach ${name(second)} (${formatCandidateCount(value(second))}).` : `${firstText}.`;
}

export function trendSummary(points: readonly WeeklyTrendPoint[]): string {
  const sum = (pick: (point: WeeklyTrendPoint) => number) => points.reduce((total, point) => total + pick(point), 0);
  const views = sum((point) => point.views);
  const top = [...points].sort((a, b) => b.views - a.views)[0];
  const totals = `${formatNumber(views, 0)} Aufrufe, ${formatNumber(
    sum((point) => point.interest),
    0,
  )} Mal Interesse, ${formatNumber(
    sum((point) => point.decided),
    0,
  )} Entscheidungen, davon ${formatNumber(
    sum((point) => point.accepted),
    0,
  )} angenommen`;
  if (!top || views === 0) return `Im Zeitraum ${totals}.`;
  return `Im Zeitraum ${totals}; die meisten Aufrufe in der Woche ab ${formatDate(top.weekStart)} (${formatNumber(top.views, 0)}).`;
}
