export { getUsers, getUsersQueryOptions, useUsers } from './api/get-users';
export { AcceptInvitation } from './components/accept-invitation';
export { UserManagement } from './components/user-management';
