/** Query keys of the global-search feature. */
export const globalSearchKeys = {
  results: (query: object) => ['global-search', query] as const,
};
