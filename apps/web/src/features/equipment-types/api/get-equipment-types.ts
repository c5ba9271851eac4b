import type { EquipmentTypeListQuery, EquipmentTypeListResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { equipmentTypeKeys } from './keys';

/** The catalogue's query as the contract defines it; the screen always names the page. */
export type EquipmentTypeListParams = Partial<EquipmentTypeListQuery> & { page: number; limit: number };

/** GET /api/auth/global-equipment/list?search=&category=&status=&page=&limit= */
export function getEquipmentTypes(params: EquipmentTypeListParams, signal?: AbortSignal) {
  return api.get<EquipmentTypeListResponse>('/auth/global-equipment/list', { query: { ...params }, signal });
}

export function getEquipmentTypesQueryOptions(params: EquipmentTypeListParams) {
  return queryOptions({
    queryKey: equipmentTypeKeys.list(params),
    queryFn: ({ signal }) => getEquipmentTypes(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useEquipmentTypes(params: EquipmentTypeListParams) {
  return useQuery(getEquipmentTypesQueryOptions(params));
}
