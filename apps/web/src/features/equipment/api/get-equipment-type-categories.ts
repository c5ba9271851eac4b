import type { EquipmentTypeCategoriesResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { equipmentKeys } from './keys';

/** GET /api/auth/global-equipment/categories */
export function getEquipmentTypeCategories(signal?: AbortSignal) {
  return api.get<EquipmentTypeCategoriesResponse>('/auth/global-equipment/categories', { signal });
}

export function getEquipmentTypeCategoriesQueryOptions() {
  return queryOptions({
    queryKey: equipmentKeys.typeCategories,
    queryFn: ({ signal }) => getEquipmentTypeCategories(signal),
  });
}

export function useEquipmentTypeCategories() {
  return useQuery(getEquipmentTypeCategoriesQueryOptions());
}
