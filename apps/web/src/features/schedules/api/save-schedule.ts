import type { CreateScheduleBody, ScheduleMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { scheduleKeys } from './keys';

/** POST /api/schedules */
export function createSchedule(body: CreateScheduleBody) {
  return api.post<ScheduleMutationResponse>('/schedules', body);
}

/** PATCH /api/schedules/:id: every field; only assignments not created yet follow the change. */
export function updateSchedule({ id, body }: { id: number; body: CreateScheduleBody }) {
  return api.patch<ScheduleMutationResponse>(`/schedules/${id}`, body);
}

/** Creates the schedule, or saves the one with `id`. */
export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreateScheduleBody }) =>
      id === null ? createSchedule(body) : updateSchedule({ id, body }),
    onSuccess: async (result) => {
      queryClient.setQueryData(scheduleKeys.detail(result.schedule.id), { schedule: result.schedule });
      await queryClient.invalidateQueries({ queryKey: scheduleKeys.lists });
      await queryClient.invalidateQueries({ queryKey: ['schedules', 'calendar'] });
    },
  });
}
