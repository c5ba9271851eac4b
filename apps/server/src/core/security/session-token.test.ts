import { describe, expect, it } from 'vitest';
import { generateSessionToken, hashSessionToken, tokenFromAuthorizationHeader } from './session-token.js';

describe('session tokens', () => {
  it('are 256-bit, unique, and hashed deterministically', () => {
    const a = generateSessionToken();
    const b = generateSessionToken();
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(a).not.toBe(b);
    expect(hashSessionToken(a)).toBe(hashSessionToken(a));
    expect(hashSessionToken(a)).not.toBe(hashSessionToken(b));
  });

  it('are read from the raw header or the Bearer form only', () => {
    const token = generateSessionToken();
    expect(tokenFromAuthorizationHeader(token)).toBe(token);
    expect(tokenFromAuthorizationHeader(`Bearer ${token}`)).toBe(token);
    expect(tokenFromAuthorizationHeader(`  bearer   ${token} `)).toBe(token);
    expect(tokenFromAuthorizationHeader(undefined)).toBeNull();
    expect(tokenFromAuthorizationHeader('Bearer ')).toBeNull();
    expect(tokenFromAuthorizationHeader(`Basic ${token}`)).toBeNull();
    expect(tokenFromAuthorizationHeader('short')).toBeNull();
  });
});
