import type { EquipmentTypeCategoriesResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { equipmentTypeKeys } from './keys';

/** GET /api/auth/global-equipment/categories */
export function getEquipmentTypeCategories(signal?: AbortSignal) {
  return api.get<EquipmentTypeCategoriesResponse>('/auth/global-equipment/categories', { signal });
}

export function getEquipmentTypeCategoriesQueryOptions() {
  return queryOptions({
    queryKey: equipmentTypeKeys.categories,
    queryFn: ({ signal }) => getEquipmentTypeCategories(signal),
  });
}

export function useEquipmentTypeCategories() {
  return useQuery(getEquipmentTypeCategoriesQueryOptions());
}
