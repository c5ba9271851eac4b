import type { InspectionHistoryResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { equipmentKeys } from './keys';

interface UnitInspectionsQuery {
  equipment_id: number;
  page: number;
  limit: number;
}

/** GET /api/auth/inspections?equipment_id= (the unit's completed inspections, newest first). */
export function getUnitInspections(
  query: UnitInspectionsQuery,
  signal?: AbortSignal,
): Promise<InspectionHistoryResponse> {
  return api.get<InspectionHistoryResponse>('/auth/inspections', { query: { ...query }, signal });
}

export function getUnitInspectionsQueryOptions(query: UnitInspectionsQuery) {
  return queryOptions({
    queryKey: equipmentKeys.unitInspections(query),
    queryFn: ({ signal }) => getUnitInspections(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUnitInspections(query: UnitInspectionsQuery) {
  return useQuery(getUnitInspectionsQueryOptions(query));
}
