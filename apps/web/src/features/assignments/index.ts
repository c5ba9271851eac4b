export { useInspectors } from './api/get-inspectors';
export { assignmentKeys } from './api/keys';
export { AssignmentFormDrawer } from './components/assignment-form-drawer';
export { AssignmentsScreen } from './components/assignments-screen';
export { InspectorAssignments } from './components/inspector-assignments';
export { InspectorFilterSelect, SiteFilterSelect } from './components/work-filters';
export {
  describeDueOn,
  priorityLabels,
  priorityStyles,
  statusLabels,
} from './lib/format';
