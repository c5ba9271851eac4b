import type { EquipmentFilterQuery, EquipmentListResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { equipmentKeys } from './keys';

/** The list's filters as the contract defines them, each optional. */
export type EquipmentFilters = Partial<EquipmentFilterQuery>;

export interface EquipmentListParams extends EquipmentFilters {
  sort?: string;
  /** Absent: the first page. */
  page?: number;
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

export function useEquipments(params: EquipmentListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getEquipmentsQueryOptions(params), enabled });
}

/** The units at one site (at most 100, by asset tag), for picking what an assignment covers. */
export function useSiteEquipment(siteId: number | undefined) {
  const params: EquipmentListParams = { site_id: siteId ?? 0, limit: 100, sort: 'assetTag' };
  return useQuery({
    queryKey: equipmentKeys.unitList(params),
    queryFn: ({ signal }) => getEquipments(params, signal),
    enabled: siteId !== undefined,
  });
}
