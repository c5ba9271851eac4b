export { InspectionDetailView, InspectionNotFound } from './components/inspection-detail';
export { InspectionHistory } from './components/inspection-history';
