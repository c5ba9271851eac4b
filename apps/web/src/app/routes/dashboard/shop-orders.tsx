import { OrdersScreen } from '@/features/shop-orders';

/** /dashboard/shop/orders: the orders list (filters in the address, e.g. `?status=placed`). */
function ShopOrdersRoute() {
  return <OrdersScreen />;
}

export { ShopOrdersRoute as Component };
