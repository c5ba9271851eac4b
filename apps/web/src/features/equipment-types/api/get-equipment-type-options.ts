import type { EquipmentTypeOptionsResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { equipmentTypeKeys } from './keys';

/** GET /api/auth/global-equipment/options?include_archived= (for pickers; at most 200). */
export function getEquipmentTypeOptions(includeArchived: boolean, signal?: AbortSignal) {
  return api.get<EquipmentTypeOptionsResponse>('/auth/global-equipment/options', {
    query: includeArchived ? { include_archived: 'true' } : {},
    signal,
  });
}

export function getEquipmentTypeOptionsQueryOptions(includeArchived = false) {
  return queryOptions({
    queryKey: equipmentTypeKeys.options(includeArchived),
    queryFn: ({ signal }) => getEquipmentTypeOptions(includeArchived, signal),
  });
}

export function useEquipmentTypeOptions(includeArchived = false) {
  return useQuery(getEquipmentTypeOptionsQueryOptions(includeArchived));
}
