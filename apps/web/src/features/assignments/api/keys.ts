/** Query keys of the assignments feature, so mutations can invalidate exactly what they change. */
export const assignmentKeys = {
  all: ['assignments'] as const,
  list: (params: object) => ['assignments', 'list', params] as const,
  inspectors: (search: string) => ['assignments', 'inspectors', search] as const,
};
