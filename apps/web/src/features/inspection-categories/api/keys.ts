/** Query keys of the inspection-categories feature: a change refreshes everything under `all`. */
export const inspectionCategoryKeys = {
  all: ['inspection-categories'] as const,
  list: (query: object) => ['inspection-categories', 'list', query] as const,
};
