/** German wording of the dashboard's figures: changes, rates, durations, periods. */
import {
  formatCandidateCount,
  formatNumber,
  SUPPRESSED_COUNT,
  type CandidateCount,
  type StatisticsPeriod,
} from '@matchwerk/shared';
import { formatDate } from './dayjs';

/** "01.08.2026 – 31.07.2027" */
export function formatPeriod(period: StatisticsPeriod): string {
  return `${formatDate(period.from)} – ${formatDate(period.to)}`;
}

/** What kind of figure a value is, which decides how it and its change are written. */
export type FigureKind = 'count' | 'candidates' | 'rate' | 'hours';

export type FigureValue = number | CandidateCount | null;

/** "12.345", "< 5", "63 %", "5 Std.", "2,5 Tage"; "–" where there is nothing to show. */
export function formatFigure(value: FigureValue, kind: FigureKind): string {
  if (value === null) return '–';
  if (value === SUPPRESSED_COUNT) return formatCandidateCount(value);
  switch (kind) {
    case 'count':
    case 'candidates':
      return formatNumber(value, 0);
    case 'rate':
      return `${formatNumber(value * 100, 0)} %`;
    case 'hours':
      return formatHours(value);
  }
}

/** Below two days in hours ("1 Std.", "36 Std."), from then on in days ("2,5 Tage"). */
export function formatHours(hours: number): string {
  if (hours < 1) return `${formatNumber(hours * 60, 0)} Min.`;
  if (hours < 48) return `${formatNumber(hours, hours < 10 ? 1 : 0)} Std.`;
  const days = hours / 24;
  return `${formatNumber(days, 1)} Tage`;
}

export type ChangeDirection = 'up' | 'down' | 'same';

export const CHANGE_ARROWS: Record<ChangeDirection, string> = { up: '▲', down: '▼', same: '►' };

export interface FigureChange {
  direction: ChangeDirection;
  /** "+12 %", "−5 %", "±0 %", "+3 Prozentpunkte"; null when no change can be stated honestly. */
  text: string | null;
  /** The whole comparison for screen readers, not only the arrow's colour. */
  spoken: string;
}

const signed = (value: number, digits: number) =>
  value === 0
    ? `±${formatNumber(0, 0)}`
    : value > 0
      ? `+${formatNumber(value, digits)}`
      : `−${formatNumber(-value, digits)}`;

/**
 * The change from the comparison period. Percent for counts and durations, percentage points
 * for rates; none when either side is unknown or suppressed ("< 5" has no number to compare)
 * or the previous value is 0 (a percentage of nothing is meaningless).
 */
export function figureChange(current: FigureValue, previous: FigureValue, kind: FigureKind): FigureChange {
  const previousText = formatFigure(previous, kind);
  if (typeof current !== 'number' || typeof previous !== 'number') {
    return { direction: 'same', text: null, spoken: `Vergleichszeitraum: ${previousText}.` };
  }
  const direction: ChangeDirection = current > previous ? 'up' : current < previous ? 'down' : 'same';
  const verb = direction === 'up' ? 'gestiegen' : direction === 'down' ? 'gesunken' : 'unverändert';
  if (kind === 'rate') {
    const points = (current - previous) * 100;
    const digits = decimalsFor(points);
    const text = `${signed(points, digits)} Prozentpunkte`;
    return {
      direction,
      text,
      spoken:
        direction === 'same'
          ? `Unverändert gegenüber ${previousText} im Vergleichszeitraum.`
          : `${capitalise(verb)} um ${formatNumber(Math.abs(points), digits)} Prozentpunkte gegenüber ${previousText} im Vergleichszeitraum.`,
    };
  }
  if (previous === 0) {
    return { direction, text: null, spoken: `Vergleichszeitraum: ${previousText}.` };
  }
  const percent = ((current - previous) / previous) * 100;
  const digits = decimalsFor(percent);
  const text = `${signed(percent, digits)} %`;
  return {
    direction,
    text,
    spoken:
      direction === 'same'
        ? `Unverändert gegenüber ${previousText} im Vergleichszeitraum.`
        : `${capitalise(verb)} um ${formatNumber(Math.abs(percent), digits)} % gegenüber ${previousText} im Vergleichszeitraum.`,
  };
}

/** Whole numbers, but a small change keeps one decimal, so it never reads "▼ ±0 %". */
function decimalsFor(value: number): number {
  return Math.abs(value) < 1 ? 1 : 0;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A number to plot: "< 5" is drawn as 0 (never an invented figure); the label says "< 5". */
export function plotValue(value: CandidateCount): number {
  return value === SUPPRESSED_COUNT ? 0 : value;
}
