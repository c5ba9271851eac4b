import type { EquipmentListResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { assignmentKeys } from './keys';

/** GET /api/auth/equipments?site_id=: the units at one site, for picking what an assignment covers. */
export function getSiteEquipment(siteId: number, signal?: AbortSignal) {
  return api.get<EquipmentListResponse>('/auth/equipments', {
    query: { site_id: siteId, limit: 100, sort: 'assetTag' },
    signal,
  });
}

export function getSiteEquipmentQueryOptions(siteId: number) {
  return queryOptions({
    queryKey: assignmentKeys.siteEquipment(siteId),
    queryFn: ({ signal }) => getSiteEquipment(siteId, signal),
  });
}

export function useSiteEquipment(siteId: number | undefined) {
  return useQuery({ ...getSiteEquipmentQueryOptions(siteId ?? 0), enabled: siteId !== undefined });
}
