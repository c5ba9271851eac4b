export { siteKeys } from './api/keys';
export { SiteDetailsView, SiteNotFound } from './components/site-details';
export { SiteWizard } from './components/site-wizard';
export { SitesList } from './components/sites-list';
