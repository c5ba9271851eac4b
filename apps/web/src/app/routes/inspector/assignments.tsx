import { InspectorAssignmentsScreen } from '@/features/inspector-work';
import { useInspectorUser } from './guards';

function InspectorAssignmentsRoute() {
  const user = useInspectorUser();
  return <InspectorAssignmentsScreen user={user} />;
}

export { InspectorAssignmentsRoute as Component };
