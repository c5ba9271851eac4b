export { getInspectionQueryOptions, useInspection } from './api/get-inspection';
export { getInspectionsQueryOptions, useInspections } from './api/get-inspections';
export { InspectionDetailView, InspectionNotFound } from './components/inspection-detail';
export { InspectionHistory } from './components/inspection-history';
export { ResultBadge } from './components/result-badge';
