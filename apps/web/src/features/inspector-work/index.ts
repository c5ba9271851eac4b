export { AssignmentsScreen as InspectorAssignmentsScreen } from './components/assignments-screen';
export { InspectionScreen } from './components/inspection-screen';
export { InspectorSignIn, NOT_INSPECTOR_MESSAGE } from './components/inspector-sign-in';
