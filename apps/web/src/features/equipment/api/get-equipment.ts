import type { EquipmentDetailsResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { equipmentKeys } from './keys';

/** GET /api/auth/equipments/:id (the unit and its recent history). */
export function getEquipment(id: number, signal?: AbortSignal) {
  return api.get<EquipmentDetailsResponse>(`/auth/equipments/${id}`, { signal });
}

export function getEquipmentQueryOptions(id: number) {
  return queryOptions({
    queryKey: equipmentKeys.unit(id),
    queryFn: ({ signal }) => getEquipment(id, signal),
    staleTime: 0,
  });
}

export function useEquipment(id: number | null) {
  return useQuery({ ...getEquipmentQueryOptions(id ?? 0), enabled: id !== null });
}
