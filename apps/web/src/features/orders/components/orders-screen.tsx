import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { ORDER_SORT_FIELDS, ORDER_STATUS_LABELS, ORDER_STATUSES, type Order } from '@matchwerk/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from '../../../lib/router';
import { Page } from '../../../components/layout/page';
import { FilterBar } from '../../../components/lists/filter-bar';
import { FilterSelect } from '../../../components/lists/filter-select';
import { ListStates } from '../../../components/lists/list-states';
import { OrganizationFilter } from '../../../components/lists/organization-filter';
import { ServerDataGrid } from '../../../components/lists/server-data-grid';
import { filtersCleared } from '../../../lib/list-url-state';
import { useSearchInput } from '../../../lib/search-input';
import { useSession } from '../../../lib/session';
import { useUiStore } from '../../../stores/ui-store';
import { orderExportUrl, orderListQueryOptions, productListQueryOptions } from '../api/orders-api';
import {
  apiQueryOfOrderList,
  DEFAULT_ORDER_LIST_PARAMS,
  exportQueryOfOrderList,
  hasFilters,
  orderListParamsFromSearch,
  searchFromOrderListParams,
  type OrderListParams,
} from '../lib/order-list-params';
import { OrderCards } from './order-cards';
import { orderColumns } from './order-columns';
import { OrderDateRange } from './order-date-range';
import { OrderFormDialog } from './order-form-dialog';
import type { OrderRowAction } from './order-row-actions';
import { OrderStatusDialog, type OrderStatusChange } from './order-status-dialog';
import { OrderSumsBox } from './order-sums';
import { ProductsSection } from './products-section';

/** /orders: orders of admins and the partner of SINDELFINGEN, sums, CSV; products for admins (issue #11). */
export function OrdersScreen() {
  const session = useSession();
  const isAdmin = session.isAdmin;
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [searchParams, setSearchParams] = useSearchParams();
  const params = orderListParamsFromSearch(searchParams);
  const [dialog, setDialog] = useState<{ order: Order | null } | null>(null);
  const [statusChange, setStatusChange] = useState<OrderStatusChange | null>(null);
  const showSnackbar = useUiStore((state) => state.showSnackbar);

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
    if (action === 'edit') setDialog({ order });
    else setStatusChange({ action, order });
  };

  // onRowAction only opens dialogs by state setters: the columns never need rebuilding.
  const columns = useMemo(() => orderColumns(onRowAction), []);

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
      <FilterBar
        label="Bestellungen filtern"
        search={{
          label: 'Suche',
          placeholder: 'Unternehmen oder Rechnungsnr.',
          value: searchInput,
          onChange: setSearchInput,
          width: 250,
        }}
        isFiltered={filtered}
        onReset={() => {
          setSearchInput('');
          setSearchParams(searchFromOrderListParams(filtersCleared(params, DEFAULT_ORDER_LIST_PARAMS)));
        }}
        resetLabel="Filter zurücksetzen"
        alignItems="flex-start"
      >
        <FilterSelect
          label="Status"
          value={params.status}
          onChange={(value) => update({ status: value as OrderListParams['status'], page: 0 })}
          options={ORDER_STATUSES.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }))}
          anyLabel="Alle"
        />
        <OrderDateRange from={params.from} to={params.to} onChange={(range) => update({ ...range, page: 0 })} />
        <OrganizationFilter
          label="Unternehmen"
          organizationId={params.organizationId}
          nameFromList={organizationNameFromList}
          onChange={(organizationId) => update({ organizationId, page: 0 })}
        />
      </FilterBar>

      <ListStates
        query={query}
        errorText="Die Bestellungen konnten nicht geladen werden."
        loading={{ label: 'Wird geladen' }}
        empty={{
          text: filtered ? 'Keine Bestellungen passen zu den Filtern.' : 'Es gibt noch keine Bestellungen.',
          action: filtered ? undefined : newOrderButton,
        }}
        summary={(data) => <OrderSumsBox sums={data.sums} />}
      >
        {(data) =>
          compact ? (
            <OrderCards
              orders={data.items}
              total={data.total}
              page={params.page}
              pageSize={params.pageSize}
              onPagingChange={update}
              onRowAction={onRowAction}
            />
          ) : (
            <ServerDataGrid
              label="Bestellungen"
              rows={data.items}
              columns={columns}
              rowCount={data.total}
              loading={query.isFetching}
              paging={params}
              sortFields={ORDER_SORT_FIELDS}
              defaults={DEFAULT_ORDER_LIST_PARAMS}
              onPagingChange={update}
            />
          )
        }
      </ListStates>

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
      {statusChange && (
        <OrderStatusDialog
          key={`${statusChange.action}:${statusChange.order.id}`}
          change={statusChange}
          onClose={() => setStatusChange(null)}
        />
      )}
    </Page>
  );
}
