import { PortalOrdersScreen } from '@/features/portal-shop';

/** /portal/orders */
function PortalOrdersRoute() {
  return <PortalOrdersScreen />;
}

export { PortalOrdersRoute as Component };
