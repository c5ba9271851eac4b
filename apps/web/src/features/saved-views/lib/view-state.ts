import { fullColumnOrder, type SavedViewList, type SavedViewState, savedViewLists } from '@inspecta/contract';

/** The list's optional columns in their own order. */
function naturalOrder(list: SavedViewList): string[] {
  return Object.keys(savedViewLists[list].columns);
}

/**
 * The list's state as it is now: its filters and sort from the URL, its hidden columns and its
 * column order (none when the list shows its columns in their own order).
 */
export function currentViewState(
  list: SavedViewList,
  params: URLSearchParams,
  hiddenColumns: readonly string[],
  columnOrder: readonly string[] = [],
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
  const order = fullColumnOrder(list, columnOrder);
  return {
    filters,
    sort: knownSort,
    hiddenColumns: [...hiddenColumns],
    columnOrder: order.join() === naturalOrder(list).join() ? [] : order,
  };
}

/**
 * Parameters that name the screen rather than filter it: Completed history is reached by its tab
 * (`tab=history`), so that alone still opens it with its default view.
 */
const screenParams: Partial<Record<SavedViewList, readonly string[]>> = { 'inspection-history': ['tab'] };

/** Whether the address sets any of the list's filters or its sort (then no default view applies). */
export function hasViewParams(list: SavedViewList, params: URLSearchParams): boolean {
  const ignored = screenParams[list] ?? [];
  return [...savedViewLists[list].filters, 'sort']
    .filter((key) => !ignored.includes(key))
    .some((key) => params.get(key)?.trim());
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

function normalised(list: SavedViewList, state: SavedViewState): string {
  return JSON.stringify([
    Object.entries(state.filters).sort(([a], [b]) => a.localeCompare(b)),
    state.sort ?? null,
    [...state.hiddenColumns].sort(),
    fullColumnOrder(list, state.columnOrder ?? []),
  ]);
}

/**
 * Whether two states show the same list: filter order and the order hidden columns are listed in do
 * not matter, the column order does (an empty one is the list's own).
 */
export function sameViewState(list: SavedViewList, a: SavedViewState, b: SavedViewState): boolean {
  return normalised(list, a) === normalised(list, b);
}
