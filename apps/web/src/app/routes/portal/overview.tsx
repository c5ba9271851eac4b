import { PortalOverviewScreen } from '@/features/portal';

function PortalOverviewRoute() {
  return <PortalOverviewScreen />;
}

export { PortalOverviewRoute as Component };
