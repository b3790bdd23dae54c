import Chip from '@mui/material/Chip';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@matchwerk/shared';

const COLORS: Record<OrderStatus, 'warning' | 'success' | 'default'> = {
  OPEN: 'warning',
  PAID: 'success',
  CANCELLED: 'default',
};

/** offen / bezahlt / storniert: the text carries the meaning, the colour only repeats it. */
export function OrderStatusChip({ status }: { status: OrderStatus }) {
  return (
    <Chip
      size="small"
      label={ORDER_STATUS_LABELS[status]}
      color={COLORS[status]}
      variant={status === 'CANCELLED' ? 'outlined' : 'filled'}
    />
  );
}
