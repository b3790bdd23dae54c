import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LIST_PAGE_SIZE_OPTIONS, type Order } from '@matchwerk/shared';
import { ListPagination } from '../../../components/lists/list-pagination';
import { formatDate } from '../../../lib/dayjs';
import type { ListPaging } from '../../../lib/list-url-state';
import { euro } from '../lib/order-format';
import { OrderRowActions, type OrderRowAction } from './order-row-actions';
import { OrderStatusChip } from './order-status-chip';

export interface OrderCardsProps {
  orders: readonly Order[];
  /** Orders in all pages. */
  total: number;
  page: number;
  pageSize: number;
  onPagingChange: (changes: Partial<Pick<ListPaging<string>, 'page' | 'pageSize'>>) => void;
  onRowAction: (action: OrderRowAction, order: Order) => void;
}

/** Phones: one card per order with its actions, paged below. */
export function OrderCards({ orders, total, page, pageSize, onPagingChange, onRowAction }: OrderCardsProps) {
  return (
    <Box aria-label="Bestellungen" component="section">
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {orders.map((order) => (
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
        count={total}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={LIST_PAGE_SIZE_OPTIONS}
        onPageChange={(next) => onPagingChange({ page: next })}
        onRowsPerPageChange={(next) => onPagingChange({ pageSize: next, page: 0 })}
      />
    </Box>
  );
}
