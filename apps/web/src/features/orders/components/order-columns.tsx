import type { GridColDef } from '@mui/x-data-grid';
import type { Order } from '@matchwerk/shared';
import { formatDate } from '../../../lib/dayjs';
import { berlinDate, euro } from '../lib/order-format';
import { OrderRowActions, type OrderRowAction } from './order-row-actions';
import { OrderStatusChip } from './order-status-chip';

/** The order table's columns: number, actions, date, organisation, product, period, amounts, status, author. */
export function orderColumns(onRowAction: (action: OrderRowAction, order: Order) => void): GridColDef<Order>[] {
  return [
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
  ];
}
