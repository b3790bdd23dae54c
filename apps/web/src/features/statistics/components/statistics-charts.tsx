import Box from '@mui/material/Box';
import { CANDIDATE_AGE_BAND_LABELS, POSTING_TYPE_LABELS, type StatisticsDashboard } from '@matchwerk/shared';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { dayjs } from '../../../lib/dayjs';
import { highestSummary, trendSummary } from '../lib/chart-summaries';

export interface StatisticsChartsProps {
  dashboard: StatisticsDashboard;
}

type TrendRow = StatisticsDashboard['weeklyTrend'][number];
type TypeRow = StatisticsDashboard['postingsByType'][number];
type OccupationRow = StatisticsDashboard['topOccupations'][number];
type SchoolRow = StatisticsDashboard['candidatesBySchool'][number];
type AgeRow = StatisticsDashboard['candidatesByAgeBand'][number];

const NOTHING = 'Im gewählten Zeitraum gibt es hierzu keine Daten.';

/**
 * The dashboard's five charts, each with a summary, a table view and a CSV export. The one-page
 * print summary keeps the weekly trend and the occupations; the others are `statistics-full-only`.
 */
export function StatisticsCharts({ dashboard }: StatisticsChartsProps) {
  const { period } = dashboard;
  const csv = (name: string) => ['statistik', name, period.from, 'bis', period.to];
  return (
    <Box
      component="section"
      aria-label="Diagramme"
      sx={{
        display: 'grid',
        gap: 2,
        mb: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <Box sx={{ gridColumn: { lg: '1 / -1' }, minWidth: 0 }}>
        <ChartPanel<TrendRow>
          kind="line"
          title="Verlauf nach Wochen"
          summary={trendSummary(dashboard.weeklyTrend)}
          rows={dashboard.weeklyTrend}
          category={{ label: 'Woche ab', value: (row) => dayjs(row.weekStart).format('DD.MM.YY') }}
          series={[
            { key: 'views', label: 'Aufrufe', value: (row) => row.views },
            { key: 'interest', label: 'Interesse', value: (row) => row.interest },
            { key: 'decided', label: 'Entscheidungen', value: (row) => row.decided },
            { key: 'accepted', label: 'Angenommen', value: (row) => row.accepted },
          ]}
          csvNameParts={csv('verlauf')}
          emptyText={NOTHING}
        />
      </Box>
      <Box className="statistics-full-only" sx={{ minWidth: 0 }}>
        <ChartPanel<TypeRow>
          kind="bar"
          title="Stellenanzeigen nach Art"
          summary={highestSummary(
            dashboard.postingsByType,
            (row) => POSTING_TYPE_LABELS[row.type],
            (row) => row.active,
            'aktive Anzeigen',
          )}
          rows={dashboard.postingsByType}
          category={{ label: 'Art', value: (row) => POSTING_TYPE_LABELS[row.type] }}
          series={[
            { key: 'active', label: 'Aktiv', value: (row) => row.active },
            { key: 'new', label: 'Neu im Zeitraum', value: (row) => row.new },
          ]}
          horizontal
          csvNameParts={csv('anzeigen-nach-art')}
          emptyText={NOTHING}
        />
      </Box>
      <ChartPanel<OccupationRow>
        kind="bar"
        title="Top 10 Berufe nach Interesse"
        summary={highestSummary(
          dashboard.topOccupations,
          (row) => row.occupation,
          (row) => row.interest,
          'Interessen',
        )}
        rows={dashboard.topOccupations}
        category={{ label: 'Beruf', value: (row) => row.occupation }}
        series={[{ key: 'interest', label: 'Interessen', value: (row) => row.interest }]}
        horizontal
        csvNameParts={csv('berufe')}
        emptyText="Im gewählten Zeitraum hat niemand Interesse an einer Stelle gezeigt."
      />
      <Box className="statistics-full-only" sx={{ minWidth: 0 }}>
        <ChartPanel<SchoolRow>
          kind="bar"
          title="Bewerber/innen nach Schule"
          summary={highestSummary(
            dashboard.candidatesBySchool,
            (row) => row.school,
            (row) => row.candidates,
            'Bewerber/innen',
          )}
          rows={dashboard.candidatesBySchool}
          category={{ label: 'Schule', value: (row) => row.school }}
          series={[{ key: 'candidates', label: 'Bewerber/innen', value: (row) => row.candidates }]}
          horizontal
          csvNameParts={csv('schulen')}
          emptyText="Bis zum Ende des Zeitraums hat sich niemand registriert."
        />
      </Box>
      <Box className="statistics-full-only" sx={{ minWidth: 0 }}>
        <ChartPanel<AgeRow>
          kind="bar"
          title="Bewerber/innen nach Altersgruppe"
          summary={highestSummary(
            dashboard.candidatesByAgeBand,
            (row) => CANDIDATE_AGE_BAND_LABELS[row.band],
            (row) => row.candidates,
            'Bewerber/innen',
          )}
          rows={dashboard.candidatesByAgeBand}
          category={{ label: 'Altersgruppe', value: (row) => CANDIDATE_AGE_BAND_LABELS[row.band] }}
          series={[{ key: 'candidates', label: 'Bewerber/innen', value: (row) => row.candidates }]}
          csvNameParts={csv('altersgruppen')}
          emptyText="Bis zum Ende des Zeitraums hat sich niemand registriert."
        />
      </Box>
    </Box>
  );
}
