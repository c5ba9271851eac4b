/** Query keys of the inspections feature. */
export const inspectionKeys = {
  all: ['inspections'] as const,
  list: (params: object) => ['inspections', 'list', params] as const,
  detail: (id: number) => ['inspections', 'detail', id] as const,
};
