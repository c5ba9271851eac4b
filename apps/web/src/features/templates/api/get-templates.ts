import type { TemplateListQueryValues, TemplateListResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { templateKeys } from './keys';

export type TemplatesQuery = Partial<TemplateListQueryValues>;

/** GET /api/templates?search=&categoryId=&status=&equipmentTypeId=&sort=&page=&limit= */
export function getTemplates(query: TemplatesQuery, signal?: AbortSignal): Promise<TemplateListResponse> {
  return api.get<TemplateListResponse>('/templates', {
    query: { ...query, search: query.search || undefined },
    signal,
  });
}

export function getTemplatesQueryOptions(query: TemplatesQuery) {
  return queryOptions({
    queryKey: templateKeys.list(query),
    queryFn: ({ signal }) => getTemplates(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTemplates(query: TemplatesQuery) {
  return useQuery(getTemplatesQueryOptions(query));
}

/** The published checklists (at most 100, by name): what an assignment or an equipment type can use. */
export function usePublishedTemplates() {
  return useQuery(getTemplatesQueryOptions({ status: 'published', limit: 100, sort: 'name' }));
}
