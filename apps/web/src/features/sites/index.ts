export { getSiteDetailsQueryOptions, useSiteDetails } from './api/get-site-details';
export { getSitesQueryOptions, useSites } from './api/get-sites';
export { SiteDetailsView, SiteNotFound } from './components/site-details';
export { SiteWizard } from './components/site-wizard';
export { SitesList } from './components/sites-list';
