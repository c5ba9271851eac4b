export { useChangeMyProfileImage } from './api/change-my-profile-image';
export { AcceptInvitation } from './components/accept-invitation';
export { UserManagement } from './components/user-management';
