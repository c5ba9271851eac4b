/** Query keys of the equipment feature, so mutations can invalidate exactly what they change. */
export const equipmentKeys = {
  types: ['equipment-types'] as const,
  typeList: (params: object) => ['equipment-types', 'list', params] as const,
  typeCategories: ['equipment-types', 'categories'] as const,
  typeOptions: (includeArchived: boolean) => ['equipment-types', 'options', { includeArchived }] as const,
  units: ['equipments'] as const,
  unitList: (params: object) => ['equipments', 'list', params] as const,
  unit: (id: number) => ['equipments', 'details', id] as const,
  siteOptions: (params: object) => ['equipment-site-options', params] as const,
  publishedTemplates: ['equipment-published-templates'] as const,
};
