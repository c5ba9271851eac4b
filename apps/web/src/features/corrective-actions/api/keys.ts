/** Query keys of the corrective actions feature, so a change refreshes exactly what it touches. */
export const correctiveActionKeys = {
  all: ['corrective-actions'] as const,
  lists: ['corrective-actions', 'list'] as const,
  list: (params: object) => ['corrective-actions', 'list', params] as const,
  detail: (id: number) => ['corrective-actions', 'detail', id] as const,
  counts: (params: object) => ['corrective-actions', 'counts', params] as const,
};
