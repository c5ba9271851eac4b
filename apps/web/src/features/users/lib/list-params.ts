import {
  MAX_PAGE_SIZE,
  USER_SEARCH_MAX_LENGTH,
  type UserSortField,
  userSortFields,
} from '@inspecta/contract';

export const userTabs = ['admin', 'inspector', 'client', 'all'] as const;
export type UserTab = (typeof userTabs)[number];
export const PAGE_SIZES = [20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

/** The user list's state, kept in the URL: ?type=&search=&status=&page=&limit=&sort=&user= */
export interface UserListParams {
  type: UserTab;
  search: string;
  status: 'active' | 'inactive' | null;
  page: number;
  limit: number;
  /** `field` or `-field`; null = newest first. */
  sort: string | null;
}

const SORTS = new Set<string>(userSortFields.flatMap((f) => [f, `-${f}`]));

function positiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
}

/** Reads the list state from the URL; anything unknown falls back to the default. */
export function parseListParams(search: URLSearchParams): UserListParams {
  const type = search.get('type');
  const status = search.get('status');
  const sort = search.get('sort');
  const limit = positiveInt(search.get('limit'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  return {
    type: userTabs.includes(type as UserTab) ? (type as UserTab) : 'all',
    search: (search.get('search') ?? '').slice(0, USER_SEARCH_MAX_LENGTH),
    status: status === 'active' || status === 'inactive' ? status : null,
    page: positiveInt(search.get('page'), 1),
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
    sort: sort && SORTS.has(sort) ? sort : null,
  };
}

/**
 * Writes the list state into the URL, leaving out defaults so the address stays short, and
 * keeping any other parameter (the open user, `user=`) as it was.
 */
export function writeListParams(current: URLSearchParams, next: UserListParams): URLSearchParams {
  const out = new URLSearchParams(current);
  const set = (key: string, value: string | null) => (value ? out.set(key, value) : out.delete(key));
  set('type', next.type === 'all' ? null : next.type);
  set('search', next.search.trim() || null);
  set('status', next.status);
  set('page', next.page > 1 ? String(next.page) : null);
  set('limit', next.limit !== DEFAULT_PAGE_SIZE ? String(next.limit) : null);
  set('sort', next.sort);
  return out;
}

/** Clicking a column: ascending, then descending, then back to the default order. */
export function nextSort(current: string | null, field: UserSortField): string | null {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return null;
  return field;
}

export function sortDirection(
  current: string | null,
  field: UserSortField,
): 'ascending' | 'descending' | 'none' {
  if (current === field) return 'ascending';
  if (current === `-${field}`) return 'descending';
  return 'none';
}
