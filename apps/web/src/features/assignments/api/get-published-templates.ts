import type { TemplateListResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { assignmentKeys } from './keys';

/** GET /api/templates?status=published: the checklists an assignment can use. */
export function getPublishedTemplates(signal?: AbortSignal) {
  return api.get<TemplateListResponse>('/templates', {
    query: { status: 'published', limit: 100, sort: 'name' },
    signal,
  });
}

export function getPublishedTemplatesQueryOptions() {
  return queryOptions({
    queryKey: assignmentKeys.templates,
    queryFn: ({ signal }) => getPublishedTemplates(signal),
  });
}

export function usePublishedTemplates() {
  return useQuery(getPublishedTemplatesQueryOptions());
}
