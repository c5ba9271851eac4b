import { type SavedViewList, type SavedViewState, savedViewLists } from '@inspecta/contract';

/** The list's state as it is now: its filters and sort from the URL, its hidden columns. */
export function currentViewState(
  list: SavedViewList,
  params: URLSearchParams,
  hiddenColumns: readonly string[],
): SavedViewState {
  const spec = savedViewLists[list];
  const filters: Record<string, string> = {};
  for (const key of spec.filters) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  const sort = params.get('sort');
  const field = sort?.replace(/^-/, '');
  const knownSort = field && (spec.sortFields as readonly string[]).includes(field) ? sort : null;
  return { filters, sort: knownSort, hiddenColumns: [...hiddenColumns] };
}

/**
 * The URL that shows a view: the list's filters, sort and page replaced by the view's, any other
 * parameter (an open drawer, another tab's) kept.
 */
export function applyViewState(
  list: SavedViewList,
  params: URLSearchParams,
  state: SavedViewState,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of [...savedViewLists[list].filters, 'sort', 'page']) next.delete(key);
  for (const [key, value] of Object.entries(state.filters)) next.set(key, value);
  if (state.sort) next.set('sort', state.sort);
  return next;
}

function normalised(state: SavedViewState): string {
  return JSON.stringify([
    Object.entries(state.filters).sort(([a], [b]) => a.localeCompare(b)),
    state.sort ?? null,
    [...state.hiddenColumns].sort(),
  ]);
}

/** Whether two states show the same list (filter order and column order do not matter). */
export function sameViewState(a: SavedViewState, b: SavedViewState): boolean {
  return normalised(a) === normalised(b);
}
