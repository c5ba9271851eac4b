import type { ScheduleListQueryValues, ScheduleListResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { scheduleKeys } from './keys';

export type ScheduleListParams = Partial<ScheduleListQueryValues> & { page: number; limit: number };

/** GET /api/schedules?search=&status=&site_id=&inspector_id=&page=&limit= */
export function getSchedules(params: ScheduleListParams, signal?: AbortSignal) {
  return api.get<ScheduleListResponse>('/schedules', { query: { ...params }, signal });
}

export function getSchedulesQueryOptions(params: ScheduleListParams) {
  return queryOptions({
    queryKey: scheduleKeys.list(params),
    queryFn: ({ signal }) => getSchedules(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSchedules(params: ScheduleListParams) {
  return useQuery(getSchedulesQueryOptions(params));
}
