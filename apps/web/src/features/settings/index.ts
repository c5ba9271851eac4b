export { OrganisationMark } from './components/organisation-mark';
export { SettingsPage } from './components/settings-page';
