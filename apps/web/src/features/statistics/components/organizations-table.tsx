import DownloadIcon from '@mui/icons-material/Download';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { DataGrid, type GridColDef, type GridColumnVisibilityModel, type GridSortModel } from '@mui/x-data-grid';
import { deDE } from '@mui/x-data-grid/locales';
import {
  formatNumber,
  href,
  LIST_PAGE_SIZE_OPTIONS,
  OVERDUE_MATCHING_DAYS,
  REGION_LABELS,
  STATISTICS_ORGANIZATION_SORTS,
  type StatisticsOrganizationRow,
  type StatisticsOrganizationSort,
} from '@matchwerk/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchInput } from '../../../lib/search-input';
import { Link as RouterLink } from '../../../lib/router';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ErrorState } from '../../../components/feedback/error-state';
import { formatTimestamp } from '../../../lib/dayjs';
import { apiErrorMessage } from '../../../lib/form';
import {
  statisticsOrganizationsExportUrl,
  statisticsOrganizationsQueryOptions,
  type StatisticsRequest,
} from '../api/statistics-api';
import { DEFAULT_ORGANIZATION_TABLE_PARAMS, type OrganizationTableParams } from '../../../lib/statistics-params';

const gridLocale = deDE.components.MuiDataGrid.defaultProps.localeText;
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
      page: params.page,
      pageSize: params.pageSize,
      sort: params.sort,
      order: params.order,
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
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              flexWrap: 'wrap',
              py: 0.5,
              lineHeight: 1.3,
              whiteSpace: 'normal',
            }}
          >
            {linkOrganizations ? (
              <Link component={RouterLink} to={href('Organization', { id: row.id })}>
                {row.name}
              </Link>
            ) : (
              <span>{row.name}</span>
            )}
            {!row.active && <Chip size="small" variant="outlined" label="inaktiv" />}
          </Box>
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

  const sortModel: GridSortModel = [{ field: params.sort, sort: params.order }];

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
        <TextField
          className="no-print"
          size="small"
          label="Unternehmen suchen"
          value={searchInput}
          onChange={(event) => setSearchInput(event.target.value)}
          sx={{ minWidth: { xs: '100%', sm: 240 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
            htmlInput: { maxLength: 100 },
          }}
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
      {query.isError && !query.data ? (
        <ErrorState
          text={apiErrorMessage(query.error) ?? 'Die Unternehmen konnten nicht geladen werden.'}
          onRetry={() => void query.refetch()}
        />
      ) : query.isPending ? (
        <Box role="status" aria-busy="true" aria-label="Wird geladen">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={40} sx={{ mb: 1 }} />
          ))}
        </Box>
      ) : query.data.total === 0 ? (
        <EmptyState
          text={search ? 'Kein Unternehmen passt zur Suche.' : 'Im gewählten Bereich gibt es keine Unternehmen.'}
        />
      ) : (
        <Box sx={{ width: '100%', overflowX: 'auto' }}>
          <DataGrid
            aria-label="Unternehmen im Zeitraum"
            rows={query.data.items}
            columns={columns}
            rowCount={query.data.total}
            loading={query.isFetching}
            paginationMode="server"
            sortingMode="server"
            filterMode="server"
            disableColumnFilter
            disableColumnMenu
            disableRowSelectionOnClick
            disableVirtualization
            getRowHeight={() => 'auto'}
            columnVisibilityModel={phone ? PHONE_COLUMNS : {}}
            paginationModel={{ page: params.page, pageSize: params.pageSize }}
            onPaginationModelChange={(model) => onChange({ ...params, page: model.page, pageSize: model.pageSize })}
            pageSizeOptions={[...LIST_PAGE_SIZE_OPTIONS]}
            sortModel={sortModel}
            onSortModelChange={(model) => {
              const first = model[0];
              const field =
                first && (STATISTICS_ORGANIZATION_SORTS as readonly string[]).includes(first.field)
                  ? (first.field as StatisticsOrganizationSort)
                  : DEFAULT_ORGANIZATION_TABLE_PARAMS.sort;
              onChange({ ...params, sort: field, order: first?.sort === 'asc' ? 'asc' : 'desc', page: 0 });
            }}
            localeText={gridLocale}
            autoHeight
            sx={{
              minWidth: phone ? 0 : 900,
              bgcolor: 'background.paper',
              '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' },
            }}
          />
        </Box>
      )}
    </Paper>
  );
}
