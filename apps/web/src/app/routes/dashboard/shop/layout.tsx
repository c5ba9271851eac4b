import { ShopLayout } from '@/features/shop-catalogue';

/** /dashboard/shop/*: the shop's tab bar around its screens. */
function ShopLayoutRoute() {
  return <ShopLayout />;
}

export { ShopLayoutRoute as Component };
