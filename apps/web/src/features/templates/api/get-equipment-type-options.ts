import type { EquipmentTypeOptionsResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { templatesKey } from './keys';

/** GET /api/auth/global-equipment/options: the catalogue's equipment types a template can be linked to. */
export function getEquipmentTypeOptions(signal?: AbortSignal): Promise<EquipmentTypeOptionsResponse> {
  return api.get<EquipmentTypeOptionsResponse>('/auth/global-equipment/options', {
    query: { include_archived: true },
    signal,
  });
}

export function getEquipmentTypeOptionsQueryOptions() {
  return queryOptions({
    queryKey: [...templatesKey, 'equipment-type-options'],
    queryFn: ({ signal }) => getEquipmentTypeOptions(signal),
    staleTime: 5 * 60_000,
  });
}

export function useEquipmentTypeOptions() {
  return useQuery(getEquipmentTypeOptionsQueryOptions());
}
