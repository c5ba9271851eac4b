import { describe, expect, it } from 'vitest';
import { nextSort, parseListParams, sortDirection, writeListParams } from './list-params';

describe('user list URL state', () => {
  it('reads defaults from an empty address and ignores nonsense', () => {
    expect(parseListParams(new URLSearchParams())).toEqual({
      type: 'all',
      search: '',
      status: null,
      page: 1,
      limit: 20,
      sort: null,
    });
    expect(
      parseListParams(new URLSearchParams('type=owner&status=gone&page=-2&limit=7&sort=password')),
    ).toMatchObject({ type: 'all', status: null, page: 1, limit: 20, sort: null });
  });

  it('round-trips a full state and keeps other parameters', () => {
    const state = {
      type: 'inspector' as const,
      search: 'kumar',
      status: 'active' as const,
      page: 3,
      limit: 50,
      sort: '-lastLoginAt',
    };
    const url = writeListParams(new URLSearchParams('user=12'), state);
    expect(url.toString()).toBe(
      'user=12&type=inspector&search=kumar&status=active&page=3&limit=50&sort=-lastLoginAt',
    );
    expect(parseListParams(url)).toEqual(state);
    const defaults = writeListParams(url, {
      ...state,
      type: 'all',
      search: ' ',
      status: null,
      page: 1,
      limit: 20,
      sort: null,
    });
    expect(defaults.toString()).toBe('user=12');
  });

  it('cycles a column through ascending, descending and the default order', () => {
    expect(nextSort(null, 'name')).toBe('name');
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBeNull();
    expect(nextSort('-status', 'name')).toBe('name');
    expect(sortDirection('-name', 'name')).toBe('descending');
    expect(sortDirection('name', 'status')).toBe('none');
  });
});
