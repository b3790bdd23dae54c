import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type Order } from '@matchwerk/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Page } from '../../../components/layout/page';
import { FilterBar } from '../../../components/lists/filter-bar';
import { FilterSelect } from '../../../components/lists/filter-select';
import { ListStates } from '../../../components/lists/list-states';
import { OrganizationFilter } from '../../../components/lists/organization-filter';
import { ServerDataGrid } from '../../../components/lists/server-data-grid';
import { useListUrlState } from '../../../components/lists/use-list-url-state';
import { useSession } from '../../../lib/session';
import { useUiStore } from '../../../stores/ui-store';
import { orderExportUrl, orderListQueryOptions, productListQueryOptions } from '../api/orders-api';
import { apiQueryOfOrderList, exportQueryOfOrderList, ORDER_LIST_URL } from '../lib/order-list-params';
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
  const list = useListUrlState(ORDER_LIST_URL);
  const { params } = list;
  const [dialog, setDialog] = useState<{ order: Order | null } | null>(null);
  const [statusChange, setStatusChange] = useState<OrderStatusChange | null>(null);
  const showSnackbar = useUiStore((state) => state.showSnackbar);

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
        list={list}
        search={{ label: 'Suche', placeholder: 'Unternehmen oder Rechnungsnr.', width: 250 }}
        resetLabel="Filter zurücksetzen"
        alignItems="flex-start"
      >
        <FilterSelect
          label="Status"
          {...list.filterProps('status')}
          options={ORDER_STATUSES.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }))}
          anyLabel="Alle"
        />
        <OrderDateRange from={params.from} to={params.to} onChange={list.filter} />
        <OrganizationFilter
          label="Unternehmen"
          organizationId={params.organizationId}
          nameFromList={organizationNameFromList}
          onChange={(organizationId) => list.filter({ organizationId })}
        />
      </FilterBar>

      <ListStates
        query={query}
        errorText="Die Bestellungen konnten nicht geladen werden."
        loading={{ label: 'Wird geladen' }}
        empty={{
          text: list.isFiltered ? 'Keine Bestellungen passen zu den Filtern.' : 'Es gibt noch keine Bestellungen.',
          action: list.isFiltered ? undefined : newOrderButton,
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
              onPagingChange={list.update}
              onRowAction={onRowAction}
            />
          ) : (
            <ServerDataGrid
              label="Bestellungen"
              page={data}
              columns={columns}
              loading={query.isFetching}
              {...list.gridPaging}
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
