export { InspectionRequestsList } from './components/inspection-requests-list';
export { RequestStatusBadge } from './components/request-status-badge';
export { requestUnitsText } from './lib/format';
