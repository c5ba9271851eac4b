export { getAssignmentsQueryOptions, useAssignments } from './api/get-assignments';
// Shared with the inspections feature's history (its filters and list chrome).
export { useActiveCategories } from './api/get-categories';
export { AssignmentsScreen } from './components/assignments-screen';
export { InspectorAssignments } from './components/inspector-assignments';
export { InspectorFilterSelect, SiteFilterSelect } from './components/work-filters';
export {
  describeDueOn,
  formatDay,
  priorityLabels,
  priorityStyles,
  statusLabels,
  todayIso,
} from './lib/format';
