import { PortalBillsScreen } from '@/features/portal-shop';

/** /portal/bills */
function PortalBillsRoute() {
  return <PortalBillsScreen />;
}

export { PortalBillsRoute as Component };
