export { getAssignmentsQueryOptions, useAssignments } from './api/get-assignments';
export { AssignmentsScreen } from './components/assignments-screen';
