import { describe, expect, it } from 'vitest';
import { normalizePhone } from './phone.js';
import { SITE_CODE_PATTERN, siteCreateBodySchema, siteRuleProblems } from './sites.js';

describe('normalizePhone', () => {
  it.each([
    ['98200 10001', '+919820010001'],
    ['+91 98200-10001', '+919820010001'],
    ['(022) 2345 6789', '+912223456789'],
    ['022-23456789', '+912223456789'],
    ['919820010001', '+919820010001'],
    ['0044 20 7946 0958', '+442079460958'],
    ['', ''],
    ['   ', ''],
    ['12345', '12345'],
    ['call me', 'callme'],
  ])('%s → %s', (input, output) => {
    expect(normalizePhone(input)).toBe(output);
  });
});

describe('site codes', () => {
  it.each(['ST-000123', 'MUM/01', 'ab', 'A.B_C-9'])('accepts %s', (code) => {
    expect(SITE_CODE_PATTERN.test(code)).toBe(true);
  });
  it.each(['A', '-AB', 'AB-', 'A B', 'Ä1', 'x'.repeat(41)])('refuses %s', (code) => {
    expect(SITE_CODE_PATTERN.test(code)).toBe(false);
  });
});

describe('siteCreateBodySchema', () => {
  it('turns blanks into null and normalises contact details', () => {
    const parsed = siteCreateBodySchema.parse({
      name: '  Andheri Tower ',
      city: '   ',
      pincode: '',
      contactPhone: '98200 10001',
      contactEmail: ' Ops@Example.IN ',
    });
    expect(parsed).toMatchObject({
      name: 'Andheri Tower',
      city: null,
      pincode: null,
      contactPhone: '+919820010001',
      contactEmail: 'ops@example.in',
    });
  });
});

describe('siteRuleProblems', () => {
  it('asks nothing of a draft but its coordinates being a pair', () => {
    expect(siteRuleProblems({ name: 'x' }, { forActive: false })).toEqual([]);
    expect(siteRuleProblems({ name: 'x', longitude: 72 }, { forActive: false })).toEqual([
      { field: 'latitude', message: 'Enter both latitude and longitude, or neither' },
    ]);
  });

  it('names every field an active site is missing', () => {
    const problems = siteRuleProblems({ name: 'x', city: ' ', clientId: 3 }, { forActive: true });
    expect(problems.map((p) => p.field)).toEqual([
      'addressLine1',
      'city',
      'state',
      'pincode',
      'contactName',
      'contactPhone',
    ]);
  });
});
