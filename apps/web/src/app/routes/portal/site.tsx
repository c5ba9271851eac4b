import { useParams } from 'react-router';
import { PortalSiteScreen } from '@/features/portal';
import { PortalSiteActions } from '@/features/portal-requests';
import { Component as NotFound } from '../not-found';

/** /portal/sites/:siteId: the site page, with its open corrective actions (features/portal-requests). */
function PortalSiteRoute() {
  const id = Number(useParams().siteId);
  if (!Number.isInteger(id) || id <= 0) return <NotFound />;
  return <PortalSiteScreen key={id} siteId={id} extra={<PortalSiteActions siteId={id} />} />;
}

export { PortalSiteRoute as Component };
