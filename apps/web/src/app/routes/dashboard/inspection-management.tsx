import { AssignmentsScreen } from '@/features/assignments';
import { CorrectiveActionsList } from '@/features/corrective-actions';
import { InspectionRequestsList } from '@/features/inspection-requests';
import { InspectionHistory } from '@/features/inspections';
import { SavedViewsMenu } from '@/features/saved-views';
import { NewScheduleButton, SchedulesScreen } from '@/features/schedules';

/**
 * The assignments screen, with the inspections feature's records in its "Completed history" view,
 * and the corrective actions, schedules and clients' requests features' tabs.
 */
function InspectionManagementRoute() {
  return (
    <AssignmentsScreen
      completedHistory={<InspectionHistory views={<SavedViewsMenu list="inspection-history" />} />}
      views={<SavedViewsMenu list="assignments" />}
      extraTabs={[
        { value: 'actions', label: 'Corrective actions', content: <CorrectiveActionsList /> },
        {
          value: 'schedules',
          label: 'Schedules',
          content: <SchedulesScreen />,
          actions: <NewScheduleButton />,
        },
        { value: 'requests', label: 'Requests', content: <InspectionRequestsList /> },
      ]}
    />
  );
}

export { InspectionManagementRoute as Component };
