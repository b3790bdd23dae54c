import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { canChangeOrderStatus, type Order } from '@matchwerk/shared';
import { useId, useState } from 'react';

export type OrderRowAction = 'edit' | 'pay' | 'cancel';

const LABELS: Record<OrderRowAction, string> = {
  edit: 'Bearbeiten',
  pay: 'Als bezahlt markieren',
  cancel: 'Stornieren',
};

/** What can be done with the order now: edit and pay while OPEN, cancel until cancelled. */
export function availableOrderActions(order: Order): OrderRowAction[] {
  const actions: OrderRowAction[] = [];
  if (order.status === 'OPEN') actions.push('edit');
  if (canChangeOrderStatus(order.status, 'PAID')) actions.push('pay');
  if (canChangeOrderStatus(order.status, 'CANCELLED')) actions.push('cancel');
  return actions;
}

export function OrderRowActions({
  order,
  onAction,
}: {
  order: Order;
  onAction: (action: OrderRowAction, order: Order) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const actions = availableOrderActions(order);
  if (actions.length === 0) return null;
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label={`Aktionen für Bestellung ${order.invoiceNumber}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => {
          event.stopPropagation();
          setAnchor(event.currentTarget);
        }}
        size="small"
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {actions.map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              close();
              onAction(action, order);
            }}
          >
            {LABELS[action]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
