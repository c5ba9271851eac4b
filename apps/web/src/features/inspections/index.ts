export { inspectionKeys } from './api/keys';
export {
  InspectionDetailView,
  type InspectionItemContext,
  InspectionNotFound,
} from './components/inspection-detail';
export { InspectionHistory } from './components/inspection-history';
