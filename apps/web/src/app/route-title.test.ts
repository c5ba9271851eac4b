import { describe, expect, it } from 'vitest';
import { documentTitle } from './route-title';

describe('documentTitle', () => {
  it('names the innermost titled route, then the product', () => {
    expect(
      documentTitle([{ handle: undefined }, { handle: { title: 'Shop' } }, { handle: { title: 'Orders' } }]),
    ).toBe('Orders · Inspecta');
    expect(documentTitle([{ handle: { title: 'Shop' } }, { handle: {} }])).toBe('Shop · Inspecta');
  });

  it('is the product alone where no route has a title (the login page)', () => {
    expect(documentTitle([{ handle: undefined }, { handle: {} }])).toBe('Inspecta');
  });

  it('names a page from its loader data when the title is a function', () => {
    const title = (data: unknown) => ((data as { signedIn: boolean }).signedIn ? 'Overview' : 'Sign in');
    expect(documentTitle([{ handle: {} }, { handle: { title }, data: { signedIn: true } }])).toBe(
      'Overview · Inspecta',
    );
    expect(documentTitle([{ handle: { title }, data: { signedIn: false } }])).toBe('Sign in · Inspecta');
  });
});
