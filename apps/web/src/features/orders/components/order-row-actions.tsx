import { canChangeOrderStatus, type Order } from '@matchwerk/shared';
import { RowActionsMenu } from '../../../components/lists/row-actions-menu';

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
  const actions = availableOrderActions(order);
  if (actions.length === 0) return null;
  return (
    <RowActionsMenu
      label={`Aktionen für Bestellung ${order.invoiceNumber}`}
      entries={actions.map((action) => ({ action, content: LABELS[action] }))}
      onAction={(action) => onAction(action, order)}
    />
  );
}
