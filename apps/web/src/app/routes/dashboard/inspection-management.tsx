import { AssignmentsScreen } from '@/features/assignments';

function InspectionManagementRoute() {
  return <AssignmentsScreen />;
}

export { InspectionManagementRoute as Component };
