import { InventoryScreen } from '@/features/shop-catalogue';

/** /dashboard/shop/inventory: stock figures, what is low, and the movement chart. */
function ShopInventoryRoute() {
  return <InventoryScreen />;
}

export { ShopInventoryRoute as Component };
