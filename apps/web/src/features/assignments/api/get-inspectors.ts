import type { InspectorOptionsResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { assignmentKeys } from './keys';

/** GET /api/auth/inspectors?search=: active inspectors, least busy first. */
export function getInspectors(search: string, signal?: AbortSignal) {
  return api.get<InspectorOptionsResponse>('/auth/inspectors', {
    query: search ? { search } : {},
    signal,
  });
}

export function getInspectorsQueryOptions(search: string) {
  return queryOptions({
    queryKey: assignmentKeys.inspectors(search),
    queryFn: ({ signal }) => getInspectors(search, signal),
    placeholderData: keepPreviousData,
  });
}

export function useInspectors(search = '') {
  return useQuery(getInspectorsQueryOptions(search));
}
