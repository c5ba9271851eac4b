import {
  type SiteListQuery,
  type SiteSort,
  type SiteStatus,
  siteSortFields,
  siteStatuses,
} from '@inspecta/contract';

export const SITES_PAGE_SIZE = 20;
/** The order when none is chosen: the best matches while searching, else the newest sites. */
export function defaultSiteSort(search: string): SiteSort {
  return search ? 'relevance' : '-createdAt';
}

/** The register's state as it lives in the URL (?search=&status=&client=&city=&sort=&page=). */
export interface SiteListParams {
  search: string;
  status: SiteStatus | null;
  clientId: number | null;
  city: string | null;
  /** null: the default order for the search (defaultSiteSort), left to the server. */
  sort: SiteSort | null;
  page: number;
}

function isSort(value: string | null): value is SiteSort {
  if (!value) return false;
  const field = value.startsWith('-') ? value.slice(1) : value;
  return (siteSortFields as readonly string[]).includes(field);
}

export function readSiteListParams(params: URLSearchParams): SiteListParams {
  const status = params.get('status');
  const client = Number(params.get('client'));
  const page = Number(params.get('page'));
  const sort = params.get('sort');
  return {
    search: (params.get('search') ?? '').trim(),
    status: (siteStatuses as readonly string[]).includes(status ?? '') ? (status as SiteStatus) : null,
    clientId: Number.isInteger(client) && client > 0 ? client : null,
    city: params.get('city')?.trim() || null,
    sort: isSort(sort) ? sort : null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * Writes a change into the URL parameters; anything but a page change goes back to page 1, and
 * defaults are left out so the URL stays short.
 */
export function writeSiteListParams(
  current: SiteListParams,
  change: Partial<SiteListParams>,
): URLSearchParams {
  const next = { ...current, ...change };
  if (!('page' in change)) next.page = 1;
  const params = new URLSearchParams();
  if (next.search) params.set('search', next.search);
  if (next.status) params.set('status', next.status);
  if (next.clientId) params.set('client', String(next.clientId));
  if (next.city) params.set('city', next.city);
  if (next.sort && next.sort !== defaultSiteSort(next.search)) params.set('sort', next.sort);
  if (next.page > 1) params.set('page', String(next.page));
  return params;
}

export function toSiteListQuery(params: SiteListParams): SiteListQuery {
  return {
    page: params.page,
    limit: SITES_PAGE_SIZE,
    ...(params.sort ? { sort: params.sort } : {}),
    ...(params.search ? { search: params.search } : {}),
    ...(params.status ? { status: params.status } : {}),
    ...(params.clientId ? { client_id: params.clientId } : {}),
    ...(params.city ? { city: params.city } : {}),
  };
}

export function hasFilters(params: SiteListParams): boolean {
  return Boolean(params.search || params.status || params.clientId || params.city);
}
