export { AssignmentsScreen as InspectorAssignmentsScreen } from './components/assignments-screen';
export { InspectionScreen } from './components/inspection-screen';
export { InspectorSignIn } from './components/inspector-sign-in';
