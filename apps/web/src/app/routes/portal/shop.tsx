import { PortalShopScreen } from '@/features/portal-shop';

/** /portal/shop: products and your cart (?view=cart). */
function PortalShopRoute() {
  return <PortalShopScreen />;
}

export { PortalShopRoute as Component };
