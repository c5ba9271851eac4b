export { useChangeMyProfileImage } from './api/change-my-profile-image';
export { useUsers } from './api/get-users';
export { AcceptInvitation } from './components/accept-invitation';
export { UserManagement } from './components/user-management';
