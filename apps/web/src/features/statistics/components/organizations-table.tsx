import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { GridColDef, GridColumnVisibilityModel } from '@mui/x-data-grid';
import {
  formatNumber,
  href,
  OVERDUE_MATCHING_DAYS,
  REGION_LABELS,
  STATISTICS_ORGANIZATION_SORTS,
  type StatisticsOrganizationRow,
} from '@matchwerk/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchInput } from '../../../lib/search-input';
import { Link as RouterLink } from '../../../lib/router';
import { ListSearchField } from '../../../components/lists/filter-bar';
import { ListStates } from '../../../components/lists/list-states';
import { listPagingOf } from '../../../components/lists/list-url-params';
import { NameCell } from '../../../components/lists/name-cell';
import { ServerDataGrid } from '../../../components/lists/server-data-grid';
import { formatTimestamp } from '../../../lib/dayjs';
import {
  statisticsOrganizationsExportUrl,
  statisticsOrganizationsQueryOptions,
  type StatisticsRequest,
} from '../api/statistics-api';
import { DEFAULT_ORGANIZATION_TABLE_PARAMS, type OrganizationTableParams } from '../../../lib/statistics-params';

/** On phones: whom to call and how they answer; the rest is in the export and on wider screens. */
const PHONE_COLUMNS: GridColumnVisibilityModel = {
  region: false,
  activePostings: false,
  views: false,
  interest: false,
  lastActivityAt: false,
};

export interface OrganizationsTableProps {
  request: StatisticsRequest;
  params: OrganizationTableParams;
  onChange: (params: OrganizationTableParams) => void;
  /** Admins and partners open the organisation; statistics users see names only. */
  linkOrganizations: boolean;
}

/** "Whom to call": organisations with their activity in the period, most overdue first. */
export function OrganizationsTable({ request, params, onChange, linkOrganizations }: OrganizationsTableProps) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [searchInput, setSearchInput] = useSearchInput(params.search, (search) =>
    onChange({ ...params, search, page: 0 }),
  );

  const search = params.search.trim() || undefined;
  const query = useQuery(
    statisticsOrganizationsQueryOptions({
      ...request,
      ...listPagingOf(params),
      search,
    }),
  );
  const exportUrl = statisticsOrganizationsExportUrl({ ...request, search, sort: params.sort, order: params.order });

  const columns = useMemo<GridColDef<StatisticsOrganizationRow>[]>(
    () => [
      {
        field: 'name',
        headerName: 'Unternehmen',
        minWidth: phone ? 150 : 220,
        flex: 1.5,
        renderCell: ({ row }) => (
          <NameCell>
            {linkOrganizations ? (
              <Link component={RouterLink} to={href('Organization', { id: row.id })}>
                {row.name}
              </Link>
            ) : (
              <span>{row.name}</span>
            )}
            {!row.active && <Chip size="small" variant="outlined" label="inaktiv" />}
          </NameCell>
        ),
      },
      {
        field: 'region',
        headerName: 'Region',
        minWidth: 150,
        flex: 1,
        sortable: false,
        valueGetter: (_value, row) => REGION_LABELS[row.region],
      },
      {
        field: 'activePostings',
        headerName: 'Aktive Anzeigen',
        type: 'number',
        minWidth: 120,
        valueFormatter: (value: number) => formatNumber(value, 0),
      },
      {
        field: 'views',
        headerName: 'Aufrufe',
        type: 'number',
        minWidth: 100,
        valueFormatter: (value: number) => formatNumber(value, 0),
      },
      {
        field: 'interest',
        headerName: 'Interesse',
        type: 'number',
        minWidth: 100,
        valueFormatter: (value: number) => formatNumber(value, 0),
      },
      {
        field: 'openOverdue',
        headerName: `Offen > ${OVERDUE_MATCHING_DAYS} Tage`,
        type: 'number',
        minWidth: 130,
        renderCell: ({ row }) =>
          row.openOverdue > 0 ? (
            <Chip
              size="small"
              color="warning"
              label={formatNumber(row.openOverdue, 0)}
              aria-label={`${formatNumber(row.openOverdue, 0)} offen seit über ${OVERDUE_MATCHING_DAYS} Tagen`}
            />
          ) : (
            formatNumber(0, 0)
          ),
      },
      {
        field: 'responseRate',
        headerName: 'Antwortquote',
        type: 'number',
        minWidth: 120,
        valueFormatter: (value: number | null) => (value === null ? '–' : `${formatNumber(value * 100, 0)} %`),
      },
      {
        field: 'lastActivityAt',
        headerName: 'Letzte Aktivität',
        minWidth: 150,
        valueFormatter: (value: string | null) => (value ? formatTimestamp(value) : 'keine'),
      },
    ],
    [phone, linkOrganizations],
  );

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="organizations-heading"
      className="statistics-print-block"
      sx={{ p: 2, mb: 3 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Typography id="organizations-heading" variant="h2" sx={{ fontSize: '1.35rem', flexGrow: 1 }}>
          Unternehmen im Zeitraum
        </Typography>
        <ListSearchField
          className="no-print"
          label="Unternehmen suchen"
          value={searchInput}
          onChange={setSearchInput}
          width={240}
          maxLength={100}
        />
        <Button
          className="no-print"
          size="small"
          startIcon={<DownloadIcon />}
          href={exportUrl}
          download
          aria-label="Alle Unternehmen als CSV herunterladen"
        >
          CSV
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {`„Offen > ${OVERDUE_MATCHING_DAYS} Tage“`} zählt Interessen, auf die das Unternehmen seit über{' '}
        {OVERDUE_MATCHING_DAYS} Tagen nicht geantwortet hat.
      </Typography>
      <ListStates
        query={query}
        errorText="Die Unternehmen konnten nicht geladen werden."
        loading={{ label: 'Wird geladen', role: 'status', rows: 5, rowHeight: 40 }}
        empty={{
          text: search ? 'Kein Unternehmen passt zur Suche.' : 'Im gewählten Bereich gibt es keine Unternehmen.',
        }}
      >
        {(data) => (
          <ServerDataGrid
            label="Unternehmen im Zeitraum"
            page={data}
            columns={columns}
            loading={query.isFetching}
            paging={params}
            sortFields={STATISTICS_ORGANIZATION_SORTS}
            defaults={DEFAULT_ORGANIZATION_TABLE_PARAMS}
            onPagingChange={(changes) => onChange({ ...params, ...changes })}
            autoRowHeight
            minWidth={phone ? 0 : 900}
            columnVisibilityModel={phone ? PHONE_COLUMNS : {}}
          />
        )}
      </ListStates>
    </Paper>
  );
}
