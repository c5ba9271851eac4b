export { AssignmentsScreen as InspectorAssignmentsScreen } from './components/assignments-screen';
export { InspectionScreen } from './components/inspection-screen';
export { InspectorSignIn } from './components/inspector-sign-in';
export { ScanScreen as InspectorScanScreen } from './components/scan-screen';
export { UnitLabelScreen as InspectorUnitLabelScreen } from './components/unit-label-screen';
