import { ActivityHistory } from '@/features/activity';
import { SavedViewsMenu } from '@/features/saved-views';
import { ClientAddresses } from '@/features/shop-orders';
import { UserManagement } from '@/features/users';

/** A client's billing and shipping addresses in their drawer (the shop's, composed here). */
const clientSection = (clientId: number) => <ClientAddresses clientId={clientId} />;

/** The changes to the account field by field, and a link to what they did (docs/activity-log.md). */
const activitySection = (userId: number) => (
  <ActivityHistory key={userId} entityType="user" entityId={userId} title="Activity" actorLink />
);

function UserManagementRoute() {
  return (
    <UserManagement
      clientSection={clientSection}
      activitySection={activitySection}
      views={<SavedViewsMenu list="users" />}
    />
  );
}

export { UserManagementRoute as Component };
