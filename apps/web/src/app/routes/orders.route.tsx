import { OrdersScreen } from '../../features/orders/components/orders-screen';

export function Component() {
  return <OrdersScreen />;
}
