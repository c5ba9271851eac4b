/** Query keys of the sites feature: every change to a site refreshes everything under `all`. */
export const siteKeys = {
  all: ['sites'] as const,
  list: (query: object) => ['sites', 'list', query] as const,
  details: (id: number) => ['sites', 'details', id] as const,
  cities: ['sites', 'cities'] as const,
  completedInspections: (query: object) => ['sites', 'completed-inspections', query] as const,
  clientOptions: (query: object) => ['clients', 'options', query] as const,
  pincode: (code: string) => ['postal', 'pincode', code] as const,
};
