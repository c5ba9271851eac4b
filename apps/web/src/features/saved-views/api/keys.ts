import type { SavedViewList } from '@inspecta/contract';

/** Query keys of the saved-views feature: a change refreshes everything under `all`. */
export const savedViewKeys = {
  all: ['saved-views'] as const,
  list: (list: SavedViewList) => ['saved-views', 'list', list] as const,
};
