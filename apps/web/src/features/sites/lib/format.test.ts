import { describe, expect, it } from 'vitest';
import { formatPhone } from './format';

describe('site formatting', () => {
  it('groups Indian mobile numbers and prefixes other Indian numbers', () => {
    expect(formatPhone('+919820010001')).toBe('+91 98200 10001');
    expect(formatPhone('+912223456789')).toBe('+91 2223456789');
    expect(formatPhone('+442079460958')).toBe('+442079460958');
    expect(formatPhone(null)).toBe('');
  });
});
