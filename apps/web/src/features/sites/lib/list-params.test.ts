import { describe, expect, it } from 'vitest';
import { hasFilters, readSiteListParams, toSiteListQuery, writeSiteListParams } from './list-params';

describe('site list URL parameters', () => {
  it('reads defaults from an empty URL and ignores nonsense', () => {
    expect(readSiteListParams(new URLSearchParams('status=gone&client=abc&page=-2&sort=password'))).toEqual({
      search: '',
      status: null,
      clientId: null,
      city: null,
      sort: null,
      page: 1,
    });
  });

  it('leaves the order to the server unless one is chosen: best match while searching, else newest', () => {
    const searching = readSiteListParams(new URLSearchParams('search=warehouse'));
    expect(toSiteListQuery(searching)).toEqual({ page: 1, limit: 20, search: 'warehouse' });
    // Choosing the default of the moment keeps the URL short; another order is written.
    expect(writeSiteListParams(searching, { sort: 'relevance' }).toString()).toBe('search=warehouse');
    expect(writeSiteListParams(searching, { sort: '-createdAt' }).toString()).toBe(
      'search=warehouse&sort=-createdAt',
    );
    expect(
      writeSiteListParams(readSiteListParams(new URLSearchParams()), { sort: '-createdAt' }).toString(),
    ).toBe('');
  });

  it('round-trips every filter and goes back to page 1 on any change but paging', () => {
    const params = readSiteListParams(
      new URLSearchParams('search=%20andheri%20&status=draft&client=4&city=Pune&sort=name&page=3'),
    );
    expect(params).toEqual({
      search: 'andheri',
      status: 'draft',
      clientId: 4,
      city: 'Pune',
      sort: 'name',
      page: 3,
    });
    expect(writeSiteListParams(params, { page: 4 }).toString()).toBe(
      'search=andheri&status=draft&client=4&city=Pune&sort=name&page=4',
    );
    expect(writeSiteListParams(params, { status: null }).toString()).toBe(
      'search=andheri&client=4&city=Pune&sort=name',
    );
    expect(hasFilters(params)).toBe(true);
    expect(toSiteListQuery(params)).toEqual({
      page: 3,
      limit: 20,
      sort: 'name',
      search: 'andheri',
      status: 'draft',
      client_id: 4,
      city: 'Pune',
    });
  });
});
