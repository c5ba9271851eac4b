import type { InspectionAnswersBody, InspectionProgressResponse } from '@inspecta/contract';
import { inspectorApi } from '@/lib/api-client';

/**
 * PUT /api/inspector/assignments/:id/progress: the answers so far (the first save starts the
 * inspection). Called by the autosave hook, which owns retries, so there is no mutation hook here.
 */
export function saveInspectionProgress(id: number, body: InspectionAnswersBody) {
  return inspectorApi.put<InspectionProgressResponse>(`/inspector/assignments/${id}/progress`, body);
}
