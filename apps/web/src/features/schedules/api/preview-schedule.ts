import type { SchedulePreviewBody, SchedulePreviewResponse } from '@inspecta/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/schedules/preview: what a schedule (saved or not) would create in the next days. */
export function previewSchedule(body: SchedulePreviewBody) {
  return api.post<SchedulePreviewResponse>('/schedules/preview', body);
}

export function usePreviewSchedule() {
  return useMutation({ mutationFn: previewSchedule });
}
