import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Six digits from the operating system's cryptographic random source. */
export function generateOneTimeCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** `salt$sha256(salt:code)`: a stolen row does not show the code at a glance. */
export function hashOneTimeCode(code: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}$${digest(salt, code)}`;
}

export function oneTimeCodeMatches(stored: string, code: string): boolean {
  const [salt, expected] = stored.split('$');
  if (!salt || !expected) return false;
  const actual = Buffer.from(digest(salt, code), 'hex');
  const wanted = Buffer.from(expected, 'hex');
  return actual.length === wanted.length && timingSafeEqual(actual, wanted);
}

function digest(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}
