import type { TemplateListResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { equipmentKeys } from './keys';

/** GET /api/templates?status=published: the checklists a type can use as its default. */
export function getPublishedTemplates(signal?: AbortSignal) {
  return api.get<TemplateListResponse>('/templates', {
    query: { status: 'published', limit: 100, sort: 'name' },
    signal,
  });
}

export function getPublishedTemplatesQueryOptions() {
  return queryOptions({
    queryKey: equipmentKeys.publishedTemplates,
    queryFn: ({ signal }) => getPublishedTemplates(signal),
  });
}

export function usePublishedTemplates() {
  return useQuery(getPublishedTemplatesQueryOptions());
}
