export { activityKeys } from './api/keys';
export { ActivityHistory } from './components/activity-history';
export { ActivityLog } from './components/activity-log';
