import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { DataGrid, type GridColDef, type GridSortModel } from '@mui/x-data-grid';
import { deDE } from '@mui/x-data-grid/locales';
import {
  formatEuro,
  ORDER_SORT_FIELDS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type Order,
  type OrderSortField,
  LIST_PAGE_SIZE_OPTIONS,
} from '@matchwerk/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from '../../../lib/router';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ErrorState } from '../../../components/feedback/error-state';
import { FilterSelect } from '../../../components/lists/filter-select';
import { ListPagination } from '../../../components/lists/list-pagination';
import { Page } from '../../../components/layout/page';
import { formatDate } from '../../../lib/dayjs';
import { apiErrorMessage } from '../../../lib/form';
import { useSearchInput } from '../../../lib/search-input';
import { useSession } from '../../../lib/session';
import { useUiStore } from '../../../stores/ui-store';
import { OrganizationAutocomplete, type OrganizationOption } from '../../../components/lists/organization-autocomplete';
import {
  orderExportUrl,
  orderListQueryOptions,
  productListQueryOptions,
  useChangeOrderStatus,
} from '../api/orders-api';
import {
  apiQueryOfOrderList,
  DEFAULT_ORDER_LIST_PARAMS,
  exportQueryOfOrderList,
  hasFilters,
  orderListParamsFromSearch,
  searchFromOrderListParams,
  type OrderListParams,
} from '../lib/order-list-params';
import { OrderDateRange } from './order-date-range';
import { OrderFormDialog } from './order-form-dialog';
import { OrderRowActions, type OrderRowAction } from './order-row-actions';
import { OrderStatusChip } from './order-status-chip';
import { OrderSumsBox } from './order-sums';
import { ProductsSection } from './products-section';

const gridLocale = deDE.components.MuiDataGrid.defaultProps.localeText;
const euro = (cents: number) => formatEuro(cents / 100);
const berlinDay = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
/** The order date as the API filters it: the Berlin calendar day of created_at. */
const berlinDate = (iso: string) => berlinDay.format(new Date(iso));

type Pending = { action: 'pay' | 'cancel'; order: Order } | null;

/** /orders: orders of admins and the partner of SINDELFINGEN, sums, CSV; products for admins (issue #11). */
export function OrdersScreen() {
  const session = useSession();
  const isAdmin = session.isAdmin;
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [searchParams, setSearchParams] = useSearchParams();
  const params = orderListParamsFromSearch(searchParams);
  const [organizationFilter, setOrganizationFilter] = useState<OrganizationOption | null>(null);
  const [dialog, setDialog] = useState<{ order: Order | null } | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [pendingError, setPendingError] = useState<string | undefined>();
  const showSnackbar = useUiStore((state) => state.showSnackbar);
  const changeStatus = useChangeOrderStatus();

  const update = (changes: Partial<OrderListParams>) =>
    setSearchParams(searchFromOrderListParams({ ...params, ...changes }));

  const [searchInput, setSearchInput] = useSearchInput(params.search, (search) => update({ search, page: 0 }));

  const query = useQuery(orderListQueryOptions(apiQueryOfOrderList(params)));
  const products = useQuery(productListQueryOptions());
  const activeProducts = (products.data?.items ?? []).filter((product) => product.active);
  const organizationNameFromList = query.data?.items.find(
    (item) => item.organizationId === params.organizationId,
  )?.organizationName;

  const onRowAction = (action: OrderRowAction, order: Order) => {
    setPendingError(undefined);
    if (action === 'edit') setDialog({ order });
    else setPending({ action, order });
  };

  const confirmPending = async () => {
    if (!pending) return;
    try {
      const saved = await changeStatus.mutateAsync({
        id: pending.order.id,
        status: pending.action === 'pay' ? 'PAID' : 'CANCELLED',
        version: pending.order.version,
      });
      showSnackbar(
        pending.action === 'pay'
          ? `Die Bestellung ${saved.invoiceNumber} ist als bezahlt markiert.`
          : `Die Bestellung ${saved.invoiceNumber} wurde storniert.`,
      );
      setPending(null);
    } catch (error) {
      setPendingError(
        apiErrorMessage(error) ?? 'Der Status konnte nicht geändert werden. Bitte versuchen Sie es erneut.',
      );
    }
  };

  const columns = useMemo<GridColDef<Order>[]>(
    () => [
      { field: 'invoiceNumber', headerName: 'Rechnungsnr.', width: 105 },
      // Right after the number, so the row's actions need no horizontal scrolling on laptops.
      {
        field: 'actions',
        headerName: 'Aktionen',
        width: 80,
        sortable: false,
        renderCell: ({ row }) => <OrderRowActions order={row} onAction={onRowAction} />,
      },
      { field: 'createdAt', headerName: 'Datum', width: 100, valueGetter: (_value, row) => berlinDate(row.createdAt) },
      { field: 'organizationName', headerName: 'Unternehmen', minWidth: 150, flex: 1 },
      { field: 'productName', headerName: 'Produkt', minWidth: 150, flex: 1 },
      { field: 'quantity', headerName: 'Menge', width: 70, align: 'right', headerAlign: 'right', sortable: false },
      {
        field: 'periodStart',
        headerName: 'Zeitraum',
        width: 180,
        valueGetter: (_value, row) => `${formatDate(row.periodStart)} – ${formatDate(row.periodEnd)}`,
      },
      {
        field: 'netCents',
        headerName: 'Netto',
        width: 110,
        align: 'right',
        headerAlign: 'right',
        valueGetter: (_value, row) => euro(row.netCents),
      },
      {
        field: 'vatCents',
        headerName: 'USt. (19 %)',
        width: 105,
        align: 'right',
        headerAlign: 'right',
        sortable: false,
        valueGetter: (_value, row) => euro(row.vatCents),
      },
      {
        field: 'grossCents',
        headerName: 'Brutto',
        width: 115,
        align: 'right',
        headerAlign: 'right',
        valueGetter: (_value, row) => euro(row.grossCents),
      },
      {
        field: 'status',
        headerName: 'Status',
        width: 110,
        renderCell: ({ row }) => <OrderStatusChip status={row.status} />,
      },
      {
        field: 'createdByEmail',
        headerName: 'erstellt von',
        minWidth: 190,
        flex: 1,
        sortable: false,
        valueGetter: (_value, row) => row.createdByEmail ?? '',
      },
    ],
    // onRowAction only opens dialogs by state setters: the columns never need rebuilding.
    [],
  );

  const sortModel: GridSortModel = [{ field: params.sort, sort: params.order }];
  const filtered = hasFilters(params);
  const newOrderButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ order: null })}>
      Neue Bestellung
    </Button>
  );
  const actions = (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        href={orderExportUrl(exportQueryOfOrderList(params))}
        download
      >
        CSV exportieren
      </Button>
      {newOrderButton}
    </Box>
  );

  return (
    <Page
      title="Bestellungen"
      intro={
        isAdmin
          ? 'Anzeigenpakete, die Unternehmen gebucht haben, mit Rechnungsnummern und Summen.'
          : 'Bestellungen der Unternehmen in Ihren Regionen.'
      }
      actions={actions}
      maxWidth={1500}
    >
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box
          role="search"
          aria-label="Bestellungen filtern"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
        >
          <TextField
            size="small"
            label="Suche"
            placeholder="Unternehmen oder Rechnungsnr."
            value={searchInput}
            onChange={(event) => setSearchInput(event.target.value)}
            sx={{ minWidth: { xs: '100%', sm: 250 } }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
              },
            }}
          />
          <FilterSelect
            label="Status"
            value={params.status}
            onChange={(value) => update({ status: value as OrderListParams['status'], page: 0 })}
            options={ORDER_STATUSES.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }))}
            anyLabel="Alle"
          />
          <OrderDateRange from={params.from} to={params.to} onChange={(range) => update({ ...range, page: 0 })} />
          <Box sx={{ minWidth: { xs: '100%', sm: 240 } }}>
            <OrganizationAutocomplete
              label="Unternehmen"
              size="small"
              value={
                organizationFilter ??
                (params.organizationId ? { id: params.organizationId, name: organizationNameFromList ?? '…' } : null)
              }
              onChange={(option) => {
                setOrganizationFilter(option);
                update({ organizationId: option?.id ?? '', page: 0 });
              }}
            />
          </Box>
          {filtered && (
            <Button
              onClick={() => {
                setSearchInput('');
                setOrganizationFilter(null);
                setSearchParams(
                  searchFromOrderListParams({
                    ...DEFAULT_ORDER_LIST_PARAMS,
                    sort: params.sort,
                    order: params.order,
                    pageSize: params.pageSize,
                  }),
                );
              }}
            >
              Filter zurücksetzen
            </Button>
          )}
        </Box>
      </Paper>

      {query.isError && !query.data ? (
        <ErrorState
          text={apiErrorMessage(query.error) ?? 'Die Bestellungen konnten nicht geladen werden.'}
          onRetry={() => void query.refetch()}
        />
      ) : query.isPending ? (
        <Box aria-busy="true" aria-label="Wird geladen">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={44} sx={{ mb: 1 }} />
          ))}
        </Box>
      ) : (
        <>
          <OrderSumsBox sums={query.data.sums} />
          {query.data.total === 0 ? (
            <EmptyState
              text={filtered ? 'Keine Bestellungen passen zu den Filtern.' : 'Es gibt noch keine Bestellungen.'}
              action={filtered ? undefined : newOrderButton}
            />
          ) : compact ? (
            <Box aria-label="Bestellungen" component="section">
              <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {query.data.items.map((order) => (
                  <Paper component="li" key={order.id} variant="outlined" sx={{ p: 1.5 }}>
                    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
                      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                        <Typography sx={{ fontWeight: 600 }}>
                          {order.invoiceNumber} · {euro(order.grossCents)}
                        </Typography>
                        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                          {order.organizationName}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          {order.quantity} × {order.productName}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          {formatDate(order.periodStart)} – {formatDate(order.periodEnd)}
                        </Typography>
                        <Box sx={{ mt: 0.5 }}>
                          <OrderStatusChip status={order.status} />
                        </Box>
                      </Box>
                      <OrderRowActions order={order} onAction={onRowAction} />
                    </Box>
                  </Paper>
                ))}
              </Stack>
              <ListPagination
                count={query.data.total}
                page={params.page}
                rowsPerPage={params.pageSize}
                rowsPerPageOptions={LIST_PAGE_SIZE_OPTIONS}
                onPageChange={(page) => update({ page })}
                onRowsPerPageChange={(pageSize) => update({ pageSize, page: 0 })}
              />
            </Box>
          ) : (
            <Box sx={{ width: '100%', overflowX: 'auto' }}>
              <DataGrid
                aria-label="Bestellungen"
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
                // At most 100 rows a page: rendering them all keeps keyboard and screen-reader access simple.
                disableVirtualization
                paginationModel={{ page: params.page, pageSize: params.pageSize }}
                onPaginationModelChange={(model) => update({ page: model.page, pageSize: model.pageSize })}
                pageSizeOptions={[...LIST_PAGE_SIZE_OPTIONS]}
                sortModel={sortModel}
                onSortModelChange={(model) => {
                  const first = model[0];
                  const field =
                    first && (ORDER_SORT_FIELDS as readonly string[]).includes(first.field)
                      ? (first.field as OrderSortField)
                      : DEFAULT_ORDER_LIST_PARAMS.sort;
                  update({ sort: field, order: first?.sort === 'asc' ? 'asc' : 'desc', page: 0 });
                }}
                localeText={gridLocale}
                autoHeight
                sx={{ bgcolor: 'background.paper' }}
              />
            </Box>
          )}
        </>
      )}

      {isAdmin && <ProductsSection query={products} />}

      {dialog && (
        <OrderFormDialog
          order={dialog.order}
          products={activeProducts}
          onClose={() => setDialog(null)}
          onDone={(message) => {
            setDialog(null);
            showSnackbar(message);
          }}
        />
      )}
      {pending && (
        <ConfirmDialog
          open
          title={pending.action === 'pay' ? 'Als bezahlt markieren?' : 'Bestellung stornieren?'}
          text={
            (pending.action === 'pay'
              ? `Die Bestellung ${pending.order.invoiceNumber} (${pending.order.organizationName}, ${euro(pending.order.grossCents)} brutto) wird als bezahlt markiert.`
              : `Die Bestellung ${pending.order.invoiceNumber} (${pending.order.organizationName}) wird storniert. Eine Stornierung ist endgültig; die Bestellung bleibt für die Buchhaltung erhalten.`) +
            (pendingError ? ` ${pendingError}` : '')
          }
          confirmLabel={pending.action === 'pay' ? 'Als bezahlt markieren' : 'Stornieren'}
          destructive={pending.action === 'cancel'}
          onConfirm={() => void confirmPending()}
          onClose={() => setPending(null)}
        />
      )}
    </Page>
  );
}
