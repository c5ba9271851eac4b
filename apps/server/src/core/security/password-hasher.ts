import argon2 from 'argon2';

/** OWASP's argon2id minimum (m=19 MiB, t=2, p=1), set explicitly rather than trusting defaults. */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a throwaway hash, so an unknown email costs the same time as a wrong
 * password and the answer's timing does not reveal which accounts exist.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('inspecta-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
