import { useParams } from 'react-router';
import { OrderNotFound, OrderPage } from '@/features/shop-orders';

/** /dashboard/shop/orders/:orderId: one order (notifications of type order.* link here). */
function ShopOrderRoute() {
  const { orderId } = useParams();
  const id = Number(orderId);
  if (!Number.isInteger(id) || id <= 0) return <OrderNotFound />;
  return <OrderPage key={id} orderId={id} />;
}

export { ShopOrderRoute as Component };
