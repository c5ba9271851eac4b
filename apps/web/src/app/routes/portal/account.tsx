import { PortalAccountScreen } from '@/features/portal';

/** /portal/account */
function PortalAccountRoute() {
  return <PortalAccountScreen />;
}

export { PortalAccountRoute as Component };
