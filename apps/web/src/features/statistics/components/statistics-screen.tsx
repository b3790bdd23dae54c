import PrintIcon from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { berlinToday, previousPeriod, REGION_LABELS, type Region } from '@matchwerk/shared';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from '../../../lib/router';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ErrorState } from '../../../components/feedback/error-state';
import { Page } from '../../../components/layout/page';
import { formatDate } from '../../../lib/dayjs';
import { apiErrorMessage } from '../../../lib/form';
import { useSession } from '../../../lib/session';
import { statisticsDashboardQueryOptions, type StatisticsRequest } from '../api/statistics-api';
import { isQuietPeriod } from '../lib/kpi-figures';
import { formatPeriod } from '../../../lib/statistics-format';
import {
  organizationTableParamsFromSearch,
  resolvePeriod,
  searchFromParams,
  viewParamsFromSearch,
  type OrganizationTableParams,
  type StatisticsViewParams,
} from '../../../lib/statistics-params';
import { KpiCards } from './kpi-cards';
import { OrganizationsTable } from './organizations-table';
import { PeriodFilter } from '../../../components/charts/period-filter';
import { RegionsTable } from './regions-table';
import { StatisticsCharts } from './statistics-charts';
import { PRINT_SUMMARY_ATTRIBUTE, StatisticsPrintStyles } from '../../../components/charts/statistics-print-styles';

/** /statistics: the landing page of admins, regional partners and statistics users (issue #11). */
export function StatisticsScreen() {
  const session = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const view = viewParamsFromSearch(searchParams);
  const table = organizationTableParamsFromSearch(searchParams);
  const resolved = resolvePeriod(view, berlinToday());
  const request: StatisticsRequest | null = resolved.ok
    ? { ...resolved.period, ...(view.region ? { region: view.region } : {}) }
    : null;
  const query = useQuery({
    ...statisticsDashboardQueryOptions(request ?? { from: '', to: '' }),
    enabled: request !== null,
  });
  const dashboard = query.data;

  const changeView = (next: StatisticsViewParams) => setSearchParams(searchFromParams(next, { ...table, page: 0 }));
  const changeTable = (next: OrganizationTableParams) => setSearchParams(searchFromParams(view, next));

  // Until the first answer: the caller's own regions, so a partner with one region sees no filter.
  const selectableRegions: readonly Region[] =
    dashboard?.selectableRegions ?? (session.isAdmin ? [] : (session.user?.regions ?? []));
  const regionText = dashboard
    ? dashboard.regions.length === 0
      ? 'Alle Regionen'
      : dashboard.regions.map((region) => REGION_LABELS[region]).join(', ')
    : '';
  const shownPeriod = resolved.ok ? resolved.period : null;

  return (
    <Page
      title="Statistik"
      maxWidth={1400}
      actions={
        <Box className="no-print" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<PrintIcon />}
            onClick={() => printStatistics('summary')}
            disabled={!dashboard}
          >
            Kurzfassung (1 Seite)
          </Button>
          <Button
            variant="outlined"
            startIcon={<PrintIcon />}
            onClick={() => printStatistics('full')}
            disabled={!dashboard}
          >
            Drucken / PDF
          </Button>
        </Box>
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
          <Typography component="p" sx={{ fontWeight: 600 }} data-testid="statistics-period">
            Zeitraum: {formatPeriod(shownPeriod)}
          </Typography>
          <Typography component="p" color="text.secondary" data-testid="statistics-previous-period">
            Vergleich: {formatPeriod(previousPeriod(shownPeriod))}
          </Typography>
          {regionText && (
            <Typography component="p" color="text.secondary">
              Region: {regionText}
            </Typography>
          )}
          <Typography component="p" color="text.secondary" className="print-only">
            Gedruckt am {formatDate(berlinToday())}
          </Typography>
        </Box>
      )}

      {!request ? (
        <EmptyState text="Bitte wählen Sie einen gültigen Zeitraum." />
      ) : query.isError && !dashboard ? (
        <ErrorState
          text={apiErrorMessage(query.error) ?? 'Die Statistik konnte nicht geladen werden.'}
          onRetry={() => void query.refetch()}
        />
      ) : !dashboard ? (
        <DashboardSkeleton />
      ) : (
        <Box
          aria-busy={query.isFetching}
          sx={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          {isQuietPeriod(dashboard.kpis) && (
            <Box sx={{ mb: 2 }}>
              <EmptyState text="Im gewählten Zeitraum ist nichts passiert: keine Aufrufe, kein Interesse, keine Chats und keine neuen Registrierungen. Wählen Sie einen anderen Zeitraum, um Zahlen zu sehen." />
            </Box>
          )}
          <KpiCards kpis={dashboard.kpis} period={dashboard.period} />
          <StatisticsCharts dashboard={dashboard} />
          {dashboard.regions.length === 0 && dashboard.selectableRegions.length > 1 && (
            <RegionsTable period={dashboard.period} regions={dashboard.selectableRegions} />
          )}
          <Box className="statistics-full-only">
            <OrganizationsTable
              request={request}
              params={table}
              onChange={changeTable}
              linkOrganizations={session.isAdmin || session.isRegionalPartner}
            />
          </Box>
        </Box>
      )}
    </Page>
  );
}

/**
 * Prints the whole dashboard or the one-page summary for committee meetings (issue #48): the
 * summary marks `<body data-print="summary">` for the print styles until the print dialog closes.
 */
export function printStatistics(kind: 'full' | 'summary') {
  const body = document.body;
  if (kind === 'summary') {
    body.setAttribute(PRINT_SUMMARY_ATTRIBUTE, 'summary');
    window.addEventListener('afterprint', () => body.removeAttribute(PRINT_SUMMARY_ATTRIBUTE), { once: true });
  } else {
    body.removeAttribute(PRINT_SUMMARY_ATTRIBUTE);
  }
  window.print();
}

function DashboardSkeleton() {
  return (
    <Box role="status" aria-busy="true" aria-label="Statistik wird geladen">
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          mb: 3,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
        }}
      >
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={110} />
        ))}
      </Box>
      <Skeleton variant="rounded" height={320} sx={{ mb: 2 }} />
      <Skeleton variant="rounded" height={240} />
    </Box>
  );
}
