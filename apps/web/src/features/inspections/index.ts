export { inspectionKeys } from './api/keys';
// The client portal reads the same report (features/portal): one way to show an answer and its outcome.
export type { OpenImages } from './components/answer-view';
export {
  ImageViewer,
  InspectionDetailView,
  type InspectionItemContext,
  InspectionNotFound,
} from './components/inspection-detail';
export { InspectionHistory } from './components/inspection-history';
export { InspectionItemRow } from './components/inspection-item-row';
export {
  failedItems,
  failedItemsLabel,
  formatDateTime,
  itemAnchor,
  outcomesByKey,
  unitName,
} from './lib/format';
