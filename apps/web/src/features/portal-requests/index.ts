export { usePortalUnreadCount } from './api/get-unread-count';
export { PortalActionNotFound, PortalActionPage } from './components/action-page';
export { PortalNotifications } from './components/portal-notifications';
export { PortalRequestsScreen } from './components/requests-screen';
export { PortalSiteActions } from './components/site-actions';
