/** Query keys of the equipment feature, so mutations can invalidate exactly what they change. */
export const equipmentKeys = {
  units: ['equipments'] as const,
  unitList: (params: object) => ['equipments', 'list', params] as const,
  unit: (id: number) => ['equipments', 'details', id] as const,
  unitInspections: (params: object) => ['equipments', 'inspections', params] as const,
  labelsSummary: (siteId: number) => ['equipments', 'labels-summary', siteId] as const,
  siteOptions: (params: object) => ['equipment-site-options', params] as const,
};
