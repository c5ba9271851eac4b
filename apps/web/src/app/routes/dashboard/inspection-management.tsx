import { AssignmentsScreen } from '@/features/assignments';
import { InspectionHistory } from '@/features/inspections';

/** The assignments screen, with the inspections feature's records in its "Completed history" view. */
function InspectionManagementRoute() {
  return <AssignmentsScreen completedHistory={<InspectionHistory />} />;
}

export { InspectionManagementRoute as Component };
