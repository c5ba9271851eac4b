/** Query keys of the assignments feature, so mutations can invalidate exactly what they change. */
export const assignmentKeys = {
  all: ['assignments'] as const,
  list: (params: object) => ['assignments', 'list', params] as const,
  inspectors: (search: string) => ['assignments', 'inspectors', search] as const,
  siteOptions: (params: object) => ['assignments', 'site-options', params] as const,
  siteEquipment: (siteId: number) => ['assignments', 'site-equipment', siteId] as const,
  templates: ['assignments', 'published-templates'] as const,
  categories: ['assignments', 'categories'] as const,
};
