import type { User } from '@inspecta/contract';
import { describe, expect, it } from 'vitest';
import { accessState, countLabel, formatPhone } from './labels';

const base = { hasPassword: false, invitationExpiresAt: null } as unknown as User;

describe('user labels', () => {
  it('say how a user signs in', () => {
    const now = Date.parse('2026-06-01T00:00:00Z');
    expect(accessState({ ...base, hasPassword: true }, now)).toBe('password');
    expect(accessState(base, now)).toBe('none');
    expect(accessState({ ...base, invitationExpiresAt: '2026-06-05T00:00:00Z' }, now)).toBe('invited');
    expect(accessState({ ...base, invitationExpiresAt: '2026-05-30T00:00:00Z' }, now)).toBe('expired');
  });

  it('format counts and phones', () => {
    expect(countLabel(1, 'inspector')).toBe('1 inspector');
    expect(countLabel(12345, 'all')).toBe('12,345 users');
    expect(countLabel(10000, 'client', true)).toBe('10,000+ clients');
    expect(formatPhone('+919820012345')).toBe('+91 98200 12345');
    expect(formatPhone('+4915112345678')).toBe('+4915112345678');
    expect(formatPhone(null)).toBe('—');
  });
});
