import { useSearchParams } from 'react-router';
import { SiteWizard } from '@/features/sites';

/** /dashboard/site-management/new?draft=<id>&step=<n>: the draft id lets a reload resume. */
function NewSiteRoute() {
  const [searchParams] = useSearchParams();
  const draft = Number(searchParams.get('draft'));
  const siteId = Number.isInteger(draft) && draft > 0 ? draft : null;
  return <SiteWizard key={siteId === null ? 'new' : 'draft'} siteId={siteId} mode="create" />;
}

export { NewSiteRoute as Component };
