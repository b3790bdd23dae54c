import PrintIcon from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  berlinToday,
  CANDIDATE_AGE_BAND_LABELS,
  formatCandidateCount,
  POSTING_TYPE_LABELS,
  previousPeriod,
  REGION_LABELS,
  type CandidateCount,
  type Region,
  type StudentShare,
  type StudentStatistics,
} from '@matchwerk/shared';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from '../../../lib/router';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { StatisticsPrintStyles } from '../../../components/charts/statistics-print-styles';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ErrorState } from '../../../components/feedback/error-state';
import { Page } from '../../../components/layout/page';
import { apiErrorMessage } from '../../../lib/form';
import { useSession } from '../../../lib/session';
// The period filter and its URL state are the statistics dashboard's, reused so both pages
// pick periods the same way (they belong in a shared place once a third page needs them).
import { PeriodFilter } from '../../../components/charts/period-filter';
import { formatPeriod } from '../../../lib/statistics-format';
import {
  DEFAULT_ORGANIZATION_TABLE_PARAMS,
  resolvePeriod,
  searchFromParams,
  viewParamsFromSearch,
  type StatisticsViewParams,
} from '../../../lib/statistics-params';
import { studentStatisticsQueryOptions, type StudentStatisticsRequest } from '../api/student-statistics-api';
import { formatMonth, formatShare, largestGroupSentence } from '../lib/student-statistics-format';

/** /student-statistics: candidates of the partner's regions in figures, never a single person (issue #11). */
export function StudentStatisticsScreen() {
  const session = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const view = viewParamsFromSearch(searchParams);
  const resolved = resolvePeriod(view, berlinToday());
  const request: StudentStatisticsRequest | null = resolved.ok
    ? { ...resolved.period, ...(view.region ? { region: view.region } : {}) }
    : null;
  const query = useQuery({
    ...studentStatisticsQueryOptions(request ?? { from: '', to: '' }),
    enabled: request !== null,
  });
  const data = query.data;
  // The comparison period (issue #48), by the dashboard's rule: the same span before.
  const previousRequest: StudentStatisticsRequest | null = request
    ? { ...previousPeriod(request), ...(view.region ? { region: view.region } : {}) }
    : null;
  const previousQuery = useQuery({
    ...studentStatisticsQueryOptions(previousRequest ?? { from: '', to: '' }),
    enabled: previousRequest !== null,
  });
  const changeView = (next: StatisticsViewParams) =>
    setSearchParams(searchFromParams(next, DEFAULT_ORGANIZATION_TABLE_PARAMS));
  const selectableRegions: readonly Region[] = data?.selectableRegions ?? session.user?.regions ?? [];
  const shownPeriod = resolved.ok ? resolved.period : null;

  return (
    <Page
      title="Schülerstatistik"
      maxWidth={1400}
      actions={
        <Button
          className="no-print"
          variant="outlined"
          startIcon={<PrintIcon />}
          onClick={() => window.print()}
          disabled={!data}
        >
          Drucken / PDF
        </Button>
      }
    >
      <StatisticsPrintStyles />
      <PeriodFilter
        key={searchParams.toString()}
        view={view}
        shownPeriod={shownPeriod}
        selectableRegions={selectableRegions}
        onChange={changeView}
      />
      {shownPeriod && (
        <Box sx={{ mb: 2 }} aria-live="polite">
          <Typography component="p" sx={{ fontWeight: 600 }} data-testid="student-statistics-period">
            Zeitraum: {formatPeriod(shownPeriod)}
          </Typography>
          <Typography component="p" color="text.secondary" data-testid="student-statistics-previous-period">
            Vergleich: {formatPeriod(previousPeriod(shownPeriod))}
          </Typography>
          {data && (
            <Typography component="p" color="text.secondary">
              Region: {data.regions.map((region) => REGION_LABELS[region]).join(', ')}
            </Typography>
          )}
          <Typography component="p" color="text.secondary">
            Zum Schutz der Schülerinnen und Schüler stehen Gruppen von 1 bis 4 Personen als „&lt; 5“; einzelne Personen
            sind nicht abrufbar.
          </Typography>
        </Box>
      )}
      {!request ? (
        <EmptyState text="Bitte wählen Sie einen gültigen Zeitraum." />
      ) : query.isError && !data ? (
        <ErrorState
          text={apiErrorMessage(query.error) ?? 'Die Schülerstatistik konnte nicht geladen werden.'}
          onRetry={() => void query.refetch()}
        />
      ) : !data ? (
        <ScreenSkeleton />
      ) : (
        <Box
          aria-busy={query.isFetching}
          sx={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          {data.registered === 0 ? (
            <EmptyState text="Bis zum Ende des Zeitraums hat sich in Ihren Regionen noch keine Schülerin und kein Schüler registriert. Wählen Sie einen späteren Zeitraum." />
          ) : (
            <StudentFigures data={data} previous={previousQuery.data} />
          )}
        </Box>
      )}
    </Page>
  );
}

function StudentFigures({ data, previous }: { data: StudentStatistics; previous?: StudentStatistics }) {
  // "Vorher" once the comparison period has loaded; the figures do not wait for it.
  const before = (value: (figures: StudentStatistics) => string) => (previous ? value(previous) : undefined);
  const csv = (name: string) => ['schuelerstatistik', name, data.period.from, data.period.to];
  const candidates = { key: 'candidates', label: 'Schülerinnen und Schüler' };
  return (
    <>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gap: 1.5,
          m: 0,
          mb: 3,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(5, 1fr)' },
        }}
      >
        <Figure
          id="registered"
          label="Registriert (bis Zeitraumende)"
          value={formatCandidateCount(data.registered)}
          previous={before((figures) => formatCandidateCount(figures.registered))}
        />
        <Figure
          id="registeredInPeriod"
          label="Neu registriert im Zeitraum"
          value={formatCandidateCount(data.registeredInPeriod)}
          previous={before((figures) => formatCandidateCount(figures.registeredInPeriod))}
        />
        <Figure
          id="active"
          label="Aktiv im Zeitraum"
          value={formatCandidateCount(data.active)}
          previous={before((figures) => formatCandidateCount(figures.active))}
          hint="Anzeige angesehen, Interesse gezeigt oder Nachricht geschrieben"
        />
        <ShareFigure
          id="matched"
          label="Mit Zusage"
          share={data.matched}
          previous={previous?.matched}
          hint="Anteil der Registrierten mit angenommener Anfrage"
        />
        <ShareFigure
          id="withChat"
          label="Mit Chat"
          share={data.withChat}
          previous={previous?.withChat}
          hint="Anteil der Registrierten mit mindestens einem Chat"
        />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          mt: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <ChartPanel
          title="Registrierungen pro Monat"
          summary={largestGroupSentence(
            data.registeredByMonth,
            (row) => formatMonth(row.month),
            (row) => row.candidates,
          )}
          rows={data.registeredByMonth}
          category={{ label: 'Monat', value: (row) => formatMonth(row.month) }}
          series={[{ ...candidates, label: 'Neu registriert', value: (row) => row.candidates }]}
          kind="bar"
          csvNameParts={csv('registrierungen')}
          emptyText="Im Zeitraum hat sich niemand registriert."
        />
        <ChartPanel
          title="Interessen (Art der Stelle)"
          summary={largestGroupSentence(
            data.byInterest,
            (row) => POSTING_TYPE_LABELS[row.type],
            (row) => row.candidates,
          )}
          rows={data.byInterest}
          category={{ label: 'Art der Stelle', value: (row) => POSTING_TYPE_LABELS[row.type] }}
          series={[{ ...candidates, value: (row) => row.candidates }]}
          kind="bar"
          horizontal
          csvNameParts={csv('interessen')}
          emptyText="Niemand hat Interessen angegeben."
        />
        <ChartPanel
          title="Schulen"
          summary={largestGroupSentence(
            data.bySchool,
            (row) => row.school,
            (row) => row.candidates,
          )}
          rows={data.bySchool}
          category={{ label: 'Schule', value: (row) => row.school }}
          series={[{ ...candidates, value: (row) => row.candidates }]}
          kind="bar"
          horizontal
          csvNameParts={csv('schulen')}
          emptyText="Keine Angaben zur Schule."
        />
        <ChartPanel
          title="Alter am Ende des Zeitraums"
          summary={largestGroupSentence(
            data.byAgeBand,
            (row) => CANDIDATE_AGE_BAND_LABELS[row.band],
            (row) => row.candidates,
          )}
          rows={data.byAgeBand}
          category={{ label: 'Alter', value: (row) => CANDIDATE_AGE_BAND_LABELS[row.band] }}
          series={[{ ...candidates, value: (row) => row.candidates }]}
          kind="bar"
          csvNameParts={csv('alter')}
          emptyText="Keine Angaben zum Alter."
        />
      </Box>
    </>
  );
}

function Figure({
  id,
  label,
  value,
  previous,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  /** The comparison period's value, as shown. */
  previous?: string;
  hint?: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`student-figure-${id}`}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontSize: '1.75rem', fontWeight: 600 }} data-testid="figure-value">
        {value}
      </Typography>
      {previous !== undefined && (
        <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }} data-testid="figure-previous">
          Vorher: {previous}
        </Typography>
      )}
      {hint && (
        <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0 }}>
          {hint}
        </Typography>
      )}
    </Paper>
  );
}

function shareValue(share: StudentShare): string {
  const count: CandidateCount = share.candidates;
  return share.share === null ? formatCandidateCount(count) : formatShare(share);
}

function ShareFigure({
  id,
  label,
  share,
  previous,
  hint,
}: {
  id: string;
  label: string;
  share: StudentShare;
  previous?: StudentShare;
  hint: string;
}) {
  const count: CandidateCount = share.candidates;
  return (
    <Figure
      id={id}
      label={label}
      value={shareValue(share)}
      previous={previous ? shareValue(previous) : undefined}
      hint={share.share === null ? `${hint}: ${formatShare(share)}` : `${hint} (${formatCandidateCount(count)})`}
    />
  );
}

function ScreenSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Schülerstatistik wird geladen">
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          mb: 3,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(5, 1fr)' },
        }}
      >
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={110} />
        ))}
      </Box>
      <Skeleton variant="rounded" height={320} />
    </Box>
  );
}
