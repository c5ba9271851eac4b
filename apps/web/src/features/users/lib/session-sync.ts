import type { User } from '@inspecta/contract';
import { updateSessionUser } from '@/lib/session';
import { storage } from '@/lib/storage';

/** SPEC.md 3: the signed-in user's row is the one whose id equals userData.id. */
export function isSignedInUser(id: number): boolean {
  return storage.getUser()?.id === id;
}

/** When an admin changes their own profile, userData follows, so the header and greeting update. */
export function syncSessionUser(user: User): void {
  if (!isSignedInUser(user.id)) return;
  const { id, userType, firstName, lastName, email, phone, profileImage } = user;
  updateSessionUser({ id, userType, firstName, lastName, email, phone, profileImage });
}
