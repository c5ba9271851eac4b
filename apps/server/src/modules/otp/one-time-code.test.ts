import { describe, expect, it } from 'vitest';
import { generateOneTimeCode, hashOneTimeCode, oneTimeCodeMatches } from './one-time-code.js';

describe('one-time codes', () => {
  it('are six digits and vary', () => {
    const codes = new Set(Array.from({ length: 50 }, () => generateOneTimeCode()));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThan(40);
  });

  it('are stored salted and checked against the digest only', () => {
    const first = hashOneTimeCode('123456');
    const second = hashOneTimeCode('123456');
    expect(first).not.toContain('123456');
    expect(first).not.toBe(second);
    expect(oneTimeCodeMatches(first, '123456')).toBe(true);
    expect(oneTimeCodeMatches(first, '123457')).toBe(false);
    expect(oneTimeCodeMatches('garbage', '123456')).toBe(false);
  });
});
