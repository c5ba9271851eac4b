import { SavedViewsMenu } from '@/features/saved-views';
import { ClientAddresses } from '@/features/shop-orders';
import { UserManagement } from '@/features/users';

/** A client's billing and shipping addresses in their drawer (the shop's, composed here). */
const clientSection = (clientId: number) => <ClientAddresses clientId={clientId} />;

function UserManagementRoute() {
  return <UserManagement clientSection={clientSection} views={<SavedViewsMenu list="users" />} />;
}

export { UserManagementRoute as Component };
