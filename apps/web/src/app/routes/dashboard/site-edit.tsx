import { useParams } from 'react-router';
import { SiteNotFound, SiteWizard } from '@/features/sites';

/** /dashboard/site-management/:siteId/edit?step=<n>: the same steps as creating a site. */
function EditSiteRoute() {
  const { siteId } = useParams();
  const id = Number(siteId);
  if (!Number.isInteger(id) || id <= 0) return <SiteNotFound />;
  return <SiteWizard key={id} siteId={id} mode="edit" />;
}

export { EditSiteRoute as Component };
