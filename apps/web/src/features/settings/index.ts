export { getOrganisationQueryOptions, useOrganisation } from './api/organisation';
export { OrganisationMark } from './components/organisation-mark';
export { SettingsCard } from './components/settings-card';
export { SettingsPage } from './components/settings-page';
export { formatDateAs } from './lib/date-format';
