import { describe, expect, it } from 'vitest';
import { buildSearchPath } from './search-path';

describe('buildSearchPath (SPEC.md 5: a blank search is ignored)', () => {
  it.each(['', ' ', '   ', '\t', '\n  \t'])('ignores the blank term %j', (term) => {
    expect(buildSearchPath(term)).toBeNull();
  });

  it('goes to the search page with the term as ?query=', () => {
    expect(buildSearchPath('ST-000123')).toBe('/dashboard/search?query=ST-000123');
  });

  it('trims the term', () => {
    expect(buildSearchPath('  Riverside Plant  ')).toBe('/dashboard/search?query=Riverside%20Plant');
  });

  it('encodes characters that would break the URL', () => {
    const path = buildSearchPath('a&b=c #5 / ?');
    expect(path).toBe('/dashboard/search?query=a%26b%3Dc%20%235%20%2F%20%3F');
    expect(new URL(path ?? '', 'http://x').searchParams.get('query')).toBe('a&b=c #5 / ?');
  });
});
