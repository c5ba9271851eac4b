import type { ScheduleCalendarQuery, ScheduleCalendarResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { scheduleKeys } from './keys';

/** GET /api/schedules/calendar?from=&to=&inspector_id=&site_id=: assigned and planned work by day. */
export function getScheduleCalendar(params: Partial<ScheduleCalendarQuery>, signal?: AbortSignal) {
  return api.get<ScheduleCalendarResponse>('/schedules/calendar', { query: { ...params }, signal });
}

export function getScheduleCalendarQueryOptions(params: Partial<ScheduleCalendarQuery>) {
  return queryOptions({
    queryKey: scheduleKeys.calendar(params),
    queryFn: ({ signal }) => getScheduleCalendar(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useScheduleCalendar(params: Partial<ScheduleCalendarQuery>) {
  return useQuery(getScheduleCalendarQueryOptions(params));
}
