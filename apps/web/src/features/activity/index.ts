export { ActivityHistory } from './components/activity-history';
export { ActivityLog } from './components/activity-log';
