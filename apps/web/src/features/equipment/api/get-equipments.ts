import type { EquipmentListResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { equipmentKeys } from './keys';

export interface EquipmentFilters {
  search?: string;
  site_id?: number;
  equipment_type_id?: number;
  status?: 'in_service' | 'out_of_service' | 'retired';
  due?: 'overdue' | 'due_soon' | 'ok';
}

export interface EquipmentListParams extends EquipmentFilters {
  sort?: string;
  page: number;
  limit: number;
}

/** GET /api/auth/equipments?search=&site_id=&equipment_type_id=&status=&due=&sort=&page=&limit= */
export function getEquipments(params: EquipmentListParams, signal?: AbortSignal) {
  return api.get<EquipmentListResponse>('/auth/equipments', { query: { ...params }, signal });
}

export function getEquipmentsQueryOptions(params: EquipmentListParams) {
  return queryOptions({
    queryKey: equipmentKeys.unitList(params),
    queryFn: ({ signal }) => getEquipments(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useEquipments(params: EquipmentListParams) {
  return useQuery(getEquipmentsQueryOptions(params));
}
