import { logout } from '../api/logout';

/**
 * Signs this device out: the server's revocation is sent first, then `leave` ends the session here and
 * moves to a signed-out screen, then the revocation is awaited. In that order, nothing on the screen
 * being left hears the session end while its token is still good and refetches with a revoked one. A
 * failed revocation (offline, already revoked) still signs out here; without a token nothing is sent.
 */
export async function signOutDevice(token: string | null | undefined, leave: () => unknown): Promise<void> {
  const revoking = token ? logout(token).catch(() => undefined) : undefined;
  await leave();
  await revoking;
}
