import { createHash, randomBytes } from 'node:crypto';

/** 256 bits from the system CSPRNG, base64url: the bearer token handed to the client once. */
export function generateSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as SHA-256 digests; a leaked table cannot be replayed. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * SPEC.md 7: the Authorization header carries the raw token with no scheme; `Bearer <token>` is
 * accepted too. Anything else yields no token.
 */
export function tokenFromAuthorizationHeader(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim();
  const match = /^bearer\s+(.+)$/i.exec(value);
  const token = (match ? match[1] : value)?.trim() ?? '';
  return /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : null;
}
