import type { InspectorUnitResponse } from '@inspecta/contract';
import { useQuery } from '@tanstack/react-query';
import { inspectorApi } from '@/lib/api-client';
import { inspectorKeys } from './keys';

/** GET /api/inspector/units/:id: the inspector's open assignment covering a scanned unit (404: none). */
function getInspectorUnit(id: number, signal?: AbortSignal) {
  return inspectorApi.get<InspectorUnitResponse>(`/inspector/units/${id}`, { signal });
}

export function useInspectorUnit(id: number) {
  return useQuery({
    queryKey: inspectorKeys.unit(id),
    queryFn: ({ signal }) => getInspectorUnit(id, signal),
    // A label is read once: always ask the server where it leads now, and never retry a 404.
    staleTime: 0,
    gcTime: 0,
    retry: (count, error) => !((error as Error & { status?: number }).status === 404) && count < 2,
  });
}
