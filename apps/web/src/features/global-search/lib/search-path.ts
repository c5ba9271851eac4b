import { paths } from '@/config/paths';

/** The URL parameter the search page reads its term from. */
export const SEARCH_QUERY_PARAM = 'query';

/**
 * Where a global search for `term` goes: /dashboard/search?query=<encoded trimmed term>,
 * or null when the trimmed term is empty (SPEC.md 5: such a search is ignored).
 */
export function buildSearchPath(term: string): string | null {
  const trimmed = term.trim();
  if (!trimmed) return null;
  return `${paths.search}?${SEARCH_QUERY_PARAM}=${encodeURIComponent(trimmed)}`;
}
