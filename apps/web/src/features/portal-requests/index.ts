export { PortalActionNotFound, PortalActionPage } from './components/action-page';
export { PortalNotifications } from './components/portal-notifications';
export { PortalRequestsScreen } from './components/requests-screen';
export { PortalActionCard, PortalSiteActions } from './components/site-actions';
