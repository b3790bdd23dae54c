/** The dashboard's key figures as one list: the cards show it, the KPI CSV exports it. */
import { POSTING_TYPE_LABELS, STATISTICS_POSTING_TYPES, type CsvColumn, type StatisticsKpis } from '@matchwerk/shared';
import {
  CHANGE_ARROWS,
  figureChange,
  formatFigure,
  type FigureKind,
  type FigureValue,
} from '../../../lib/statistics-format';

export interface KpiFigure {
  key: string;
  group: string;
  label: string;
  kind: FigureKind;
  value: FigureValue;
  /** The comparison period's value; absent where only today's state is known. */
  previous?: FigureValue;
  /** A short explanation under the figure. */
  hint?: string;
  /**
   * Which direction is good news (issue #48: colours follow meaning, not direction): `up` for
   * most figures, `down` where more is worse (open requests, answer time), `neutral` where a
   * change says nothing good or bad by itself (declines). Default `up`.
   */
  better?: KpiBetter;
}

export type KpiBetter = 'up' | 'down' | 'neutral';

/** The colour of a change given which direction is good: green good, red bad, grey neither. */
export function changeTone(direction: 'up' | 'down' | 'same', better: KpiBetter = 'up'): 'good' | 'bad' | 'neutral' {
  if (direction === 'same' || better === 'neutral') return 'neutral';
  return direction === better ? 'good' : 'bad';
}

export interface KpiGroup {
  title: string;
  figures: KpiFigure[];
}

export function kpiGroups(kpis: StatisticsKpis): KpiGroup[] {
  const group = (title: string, figures: Omit<KpiFigure, 'group'>[]): KpiGroup => ({
    title,
    figures: figures.map((figure) => ({ ...figure, group: title })),
  });
  const today = 'Stand heute';
  return [
    group('Unternehmen', [
      {
        key: 'organizations.active',
        label: 'Aktive Unternehmen',
        kind: 'count',
        value: kpis.organizations.active,
        hint: today,
      },
      {
        key: 'organizations.members',
        label: 'Mitglieder',
        kind: 'count',
        value: kpis.organizations.members,
        hint: today,
      },
      {
        key: 'organizations.new',
        label: 'Neue Unternehmen',
        kind: 'count',
        value: kpis.organizations.new.current,
        previous: kpis.organizations.new.previous,
      },
      {
        key: 'organizations.waiting',
        label: 'Warten auf Freischaltung',
        kind: 'count',
        value: kpis.organizations.waitingForApproval,
        hint: today,
      },
    ]),
    group('Stellenanzeigen', [
      {
        key: 'postings.active',
        label: 'Aktive Stellenanzeigen',
        kind: 'count',
        value: kpis.postings.active,
        hint: today,
      },
      {
        key: 'postings.new',
        label: 'Neue Stellenanzeigen',
        kind: 'count',
        value: kpis.postings.new.current,
        previous: kpis.postings.new.previous,
      },
      ...STATISTICS_POSTING_TYPES.map((type) => ({
        key: `postings.active.${type}`,
        label: `Aktiv: ${POSTING_TYPE_LABELS[type]}`,
        kind: 'count' as const,
        value: kpis.postings.activeByType[type] ?? 0,
        hint: today,
      })),
    ]),
    group('Bewerber/innen', [
      {
        key: 'candidates.registered',
        label: 'Registriert',
        kind: 'candidates',
        value: kpis.candidates.registered,
        hint: 'bis zum Ende des Zeitraums',
      },
      {
        key: 'candidates.new',
        label: 'Neu registriert',
        kind: 'candidates',
        value: kpis.candidates.new.current,
        previous: kpis.candidates.new.previous,
      },
      {
        key: 'candidates.active',
        label: 'Aktiv',
        kind: 'candidates',
        value: kpis.candidates.active.current,
        previous: kpis.candidates.active.previous,
        hint: 'Anzeige angesehen, Interesse gezeigt oder geschrieben',
      },
    ]),
    group('Aktivität', [
      { key: 'views', label: 'Aufrufe', kind: 'count', value: kpis.views.current, previous: kpis.views.previous },
      {
        key: 'interest',
        label: 'Interesse',
        kind: 'count',
        value: kpis.interest.current,
        previous: kpis.interest.previous,
      },
      {
        key: 'chatsStarted',
        label: 'Chats begonnen',
        kind: 'count',
        value: kpis.chatsStarted.current,
        previous: kpis.chatsStarted.previous,
      },
      {
        key: 'messages',
        label: 'Nachrichten',
        kind: 'count',
        value: kpis.messages.current,
        previous: kpis.messages.previous,
      },
    ]),
    group('Matchings', [
      {
        key: 'matchings.open',
        label: 'Offen',
        kind: 'count',
        value: kpis.matchings.open.current,
        previous: kpis.matchings.open.previous,
        better: 'down',
      },
      {
        key: 'matchings.accepted',
        label: 'Angenommen',
        kind: 'count',
        value: kpis.matchings.accepted.current,
        previous: kpis.matchings.accepted.previous,
      },
      {
        key: 'matchings.declined',
        label: 'Abgelehnt',
        kind: 'count',
        value: kpis.matchings.declined.current,
        previous: kpis.matchings.declined.previous,
        better: 'neutral',
      },
      {
        key: 'acceptanceRate',
        label: 'Annahmequote',
        kind: 'rate',
        value: kpis.acceptanceRate.current,
        previous: kpis.acceptanceRate.previous,
        hint: 'angenommen von allen Entscheidungen',
      },
      {
        key: 'medianAnswerHours',
        label: 'Median Antwortzeit',
        kind: 'hours',
        value: kpis.medianAnswerHours.current,
        previous: kpis.medianAnswerHours.previous,
        better: 'down',
        hint: 'vom Interesse bis zur Entscheidung',
      },
    ]),
  ];
}

/** Nothing happened in the period: no views, interest, decisions, chats or new sign-ups. */
export function isQuietPeriod(kpis: StatisticsKpis): boolean {
  const moving = [
    kpis.views.current,
    kpis.interest.current,
    kpis.chatsStarted.current,
    kpis.messages.current,
    kpis.organizations.new.current,
    kpis.postings.new.current,
  ];
  return (
    moving.every((value) => value === 0) && kpis.candidates.new.current === 0 && kpis.candidates.active.current === 0
  );
}

/** The KPI export: one line per figure, formatted as on screen ("< 5", "63 %", "2,5 Tage"). */
export const KPI_CSV_COLUMNS: readonly CsvColumn<KpiFigure>[] = [
  { header: 'Bereich', value: (figure) => figure.group },
  { header: 'Kennzahl', value: (figure) => figure.label },
  { header: 'Zeitraum', value: (figure) => csvValue(figure.value, figure.kind) },
  {
    header: 'Vergleichszeitraum',
    value: (figure) => (figure.previous === undefined ? '' : csvValue(figure.previous, figure.kind)),
  },
  {
    header: 'Veränderung',
    value: (figure) => (figure.previous === undefined ? '' : changeLabel(figure.value, figure.previous, figure.kind)),
  },
];

/** Plain counts stay numbers (a spreadsheet can sum them); everything else as shown. */
function csvValue(value: FigureValue, kind: FigureKind): string | number | null {
  if (value === null) return null;
  if (typeof value === 'number' && (kind === 'count' || kind === 'candidates')) return value;
  return formatFigure(value, kind);
}

/** "▲ +12 %": the arrow first also keeps spreadsheets from reading "+12 %" as a formula. */
function changeLabel(current: FigureValue, previous: FigureValue, kind: FigureKind): string {
  const change = figureChange(current, previous, kind);
  return change.text === null ? '' : `${CHANGE_ARROWS[change.direction]} ${change.text}`;
}
