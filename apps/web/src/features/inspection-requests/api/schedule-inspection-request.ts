import type { ScheduleInspectionRequestBody, ScheduleInspectionRequestResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assignmentKeys } from '@/features/assignments';
import { api } from '@/lib/api-client';
import { inspectionRequestKeys } from './keys';

/** POST /api/inspection-requests/:id/schedule: the assignment body; the request and the assignment in one go. */
export function scheduleInspectionRequest({ id, body }: { id: number; body: ScheduleInspectionRequestBody }) {
  return api.post<ScheduleInspectionRequestResponse>(`/inspection-requests/${id}/schedule`, body);
}

export function useScheduleInspectionRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scheduleInspectionRequest,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: inspectionRequestKeys.all });
      await queryClient.invalidateQueries({ queryKey: assignmentKeys.all });
    },
  });
}
