import { useParams } from 'react-router';
import { SiteEquipmentPanel } from '@/features/equipment';
import { SiteDetailsView, SiteNotFound } from '@/features/sites';

/** /dashboard/site-management/:siteId: the site, with the equipment feature's panel in its Equipment tab. */
function SiteDetailsRoute() {
  const { siteId } = useParams();
  const id = Number(siteId);
  if (!Number.isInteger(id) || id <= 0) return <SiteNotFound />;
  return <SiteDetailsView key={id} siteId={id} equipmentPanel={<SiteEquipmentPanel siteId={id} />} />;
}

export { SiteDetailsRoute as Component };
