import type { TemplateVersionResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { templateKeys } from './keys';

/** GET /api/templates/:id/versions/:version (any past version, with its checklist). */
export function getTemplateVersion(id: number, version: number, signal?: AbortSignal) {
  return api.get<TemplateVersionResponse>(`/templates/${id}/versions/${version}`, { signal });
}

export function getTemplateVersionQueryOptions(id: number, version: number) {
  return queryOptions({
    queryKey: templateKeys.version(id, version),
    queryFn: ({ signal }) => getTemplateVersion(id, version, signal),
  });
}

export function useTemplateVersion(id: number, version: number | null) {
  return useQuery({ ...getTemplateVersionQueryOptions(id, version ?? 0), enabled: version !== null });
}
