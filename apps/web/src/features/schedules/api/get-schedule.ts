import type { ScheduleDetailResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { scheduleKeys } from './keys';

/** GET /api/schedules/:id: the schedule, its latest assignments and what it will create next. */
export function getSchedule(id: number, signal?: AbortSignal) {
  return api.get<ScheduleDetailResponse>(`/schedules/${id}`, { signal });
}

export function getScheduleQueryOptions(id: number) {
  return queryOptions({
    queryKey: scheduleKeys.detail(id),
    queryFn: ({ signal }) => getSchedule(id, signal),
  });
}

export function useSchedule(id: number | null) {
  return useQuery({ ...getScheduleQueryOptions(id ?? 0), enabled: id !== null });
}
