import type { Order } from '@matchwerk/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { apiErrorMessage } from '../../../lib/form';
import { useUiStore } from '../../../stores/ui-store';
import { useChangeOrderStatus } from '../api/orders-api';
import { euro } from '../lib/order-format';

export interface OrderStatusChange {
  action: 'pay' | 'cancel';
  order: Order;
}

export interface OrderStatusDialogProps {
  change: OrderStatusChange;
  onClose: () => void;
}

/** Asks before an order is marked paid or cancelled; a refusal shows in the dialog's text. */
export function OrderStatusDialog({ change: { action, order }, onClose }: OrderStatusDialogProps) {
  const [error, setError] = useState<string | undefined>();
  const showSnackbar = useUiStore((state) => state.showSnackbar);
  const changeStatus = useChangeOrderStatus();

  const confirm = async () => {
    try {
      const saved = await changeStatus.mutateAsync({
        id: order.id,
        status: action === 'pay' ? 'PAID' : 'CANCELLED',
        version: order.version,
      });
      showSnackbar(
        action === 'pay'
          ? `Die Bestellung ${saved.invoiceNumber} ist als bezahlt markiert.`
          : `Die Bestellung ${saved.invoiceNumber} wurde storniert.`,
      );
      onClose();
    } catch (failure) {
      setError(apiErrorMessage(failure) ?? 'Der Status konnte nicht geändert werden. Bitte versuchen Sie es erneut.');
    }
  };

  return (
    <ConfirmDialog
      open
      title={action === 'pay' ? 'Als bezahlt markieren?' : 'Bestellung stornieren?'}
      text={
        (action === 'pay'
          ? `Die Bestellung ${order.invoiceNumber} (${order.organizationName}, ${euro(order.grossCents)} brutto) wird als bezahlt markiert.`
          : `Die Bestellung ${order.invoiceNumber} (${order.organizationName}) wird storniert. Eine Stornierung ist endgültig; die Bestellung bleibt für die Buchhaltung erhalten.`) +
        (error ? ` ${error}` : '')
      }
      confirmLabel={action === 'pay' ? 'Als bezahlt markieren' : 'Stornieren'}
      destructive={action === 'cancel'}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
