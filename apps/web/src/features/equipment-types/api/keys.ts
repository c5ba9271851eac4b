/** Query keys of the equipment-types feature (the catalogue), so changes refresh exactly what they touch. */
export const equipmentTypeKeys = {
  all: ['equipment-types'] as const,
  list: (params: object) => ['equipment-types', 'list', params] as const,
  categories: ['equipment-types', 'categories'] as const,
  options: (includeArchived: boolean) => ['equipment-types', 'options', { includeArchived }] as const,
};
