export { useSiteDetails } from './api/get-site-details';
export { siteKeys } from './api/keys';
export { ClientSelect } from './components/client-select';
export { SiteDetailsView, SiteNotFound } from './components/site-details';
export { SiteWizard } from './components/site-wizard';
export { SitesList } from './components/sites-list';
export { usePincodeLookup } from './hooks/use-pincode-lookup';
export { INDIAN_STATES } from './lib/indian-states';
