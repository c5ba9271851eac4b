import type { Pagination } from '@inspecta/contract';

/**
 * The one paging answer every list gives: the page asked for and its total, with `totalIsCapped`
 * present only when the count stopped at its cap (the screens then show "10,000+").
 */
export function paginationOf(
  query: { page: number; limit: number },
  total: number,
  capped: boolean,
): Pagination {
  return { page: query.page, limit: query.limit, total, ...(capped ? { totalIsCapped: true } : {}) };
}
