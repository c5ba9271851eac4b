import type { SessionUser } from '@inspecta/contract';
import type { UserRow } from './auth.repository.js';

export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    userType: user.userType,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    profileImage: user.profileImage,
  };
}
