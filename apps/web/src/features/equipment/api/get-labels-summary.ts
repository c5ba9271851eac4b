import type { EquipmentLabelsSummary } from '@inspecta/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { equipmentKeys } from './keys';

/** GET /api/auth/sites/:id/equipment-labels: the site's units to label, and in how many PDFs (parts). */
export function getLabelsSummary(siteId: number, signal?: AbortSignal) {
  return api.get<EquipmentLabelsSummary>(`/auth/sites/${siteId}/equipment-labels`, { signal });
}

export function useLabelsSummary(siteId: number | undefined) {
  return useQuery({
    queryKey: equipmentKeys.labelsSummary(siteId ?? 0),
    queryFn: ({ signal }) => getLabelsSummary(siteId ?? 0, signal),
    enabled: siteId !== undefined,
    staleTime: 0,
  });
}
