import { UserManagement } from '@/features/users';

function UserManagementRoute() {
  return <UserManagement />;
}

export { UserManagementRoute as Component };
