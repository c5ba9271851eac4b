import { NewOrderWizard } from '@/features/shop-orders';

/** /dashboard/shop/orders/new (`?client_id=`): take an order for a client. */
function ShopOrderNewRoute() {
  return <NewOrderWizard />;
}

export { ShopOrderNewRoute as Component };
