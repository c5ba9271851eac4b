import type { TemplateVersionListResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { templateKeys } from './keys';

/** GET /api/templates/:id/versions (newest first). */
export function getTemplateVersions(id: number, signal?: AbortSignal): Promise<TemplateVersionListResponse> {
  return api.get<TemplateVersionListResponse>(`/templates/${id}/versions`, { signal });
}

export function getTemplateVersionsQueryOptions(id: number) {
  return queryOptions({
    queryKey: templateKeys.versions(id),
    queryFn: ({ signal }) => getTemplateVersions(id, signal),
  });
}

export function useTemplateVersions(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getTemplateVersionsQueryOptions(id), enabled: options.enabled ?? true });
}
