import type { TemplateResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { templateKeys } from './keys';

/** GET /api/templates/:id (with the version being worked on). */
export function getTemplate(id: number, signal?: AbortSignal): Promise<TemplateResponse> {
  return api.get<TemplateResponse>(`/templates/${id}`, { signal });
}

export function getTemplateQueryOptions(id: number) {
  return queryOptions({
    queryKey: templateKeys.detail(id),
    queryFn: ({ signal }) => getTemplate(id, signal),
    // The builder keeps its own working copy; never swap it under the user's hands.
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useTemplate(id: number) {
  return useQuery(getTemplateQueryOptions(id));
}
