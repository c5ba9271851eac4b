import type { ScheduleMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { scheduleKeys } from './keys';

export type ScheduleMove = 'pause' | 'resume' | 'end';

/** POST /api/schedules/:id/pause | resume | end */
export function setScheduleState({ id, move }: { id: number; move: ScheduleMove }) {
  return api.post<ScheduleMutationResponse>(`/schedules/${id}/${move}`, {});
}

export function useSetScheduleState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setScheduleState,
    onSuccess: async (result) => {
      queryClient.setQueryData(scheduleKeys.detail(result.schedule.id), { schedule: result.schedule });
      await queryClient.invalidateQueries({ queryKey: scheduleKeys.lists });
      await queryClient.invalidateQueries({ queryKey: ['schedules', 'calendar'] });
    },
  });
}
