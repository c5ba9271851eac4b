export { getAssignmentsQueryOptions, useAssignments } from './api/get-assignments';
// Shared with the inspections feature's history (its filters and list chrome).
export { useActiveCategories } from './api/get-categories';
export { useInspectors } from './api/get-inspectors';
export { useSiteOptions as useAssignmentSiteOptions } from './api/get-site-options';
export { AssignmentsScreen } from './components/assignments-screen';
export { InspectorAssignments } from './components/inspector-assignments';
export {
  describeDueOn,
  formatDay,
  priorityLabels,
  priorityStyles,
  statusLabels,
  todayIso,
} from './lib/format';
