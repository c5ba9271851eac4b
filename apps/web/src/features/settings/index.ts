// The client portal's account page changes the client's password with the same form.
export { ChangePasswordForm } from './components/change-password-form';
export { OrganisationMark } from './components/organisation-mark';
export { SettingsPage } from './components/settings-page';
