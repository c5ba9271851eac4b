import { ActivityLog } from '@/features/activity';

/** /dashboard/activity: the activity log (administrators; reached from the profile menu and the home page). */
function ActivityRoute() {
  return <ActivityLog />;
}

export { ActivityRoute as Component };
