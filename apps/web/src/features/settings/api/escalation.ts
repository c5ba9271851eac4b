import type {
  EscalationSettingsMutationResponse,
  EscalationSettingsResponse,
  UpdateEscalationSettingsBody,
} from '@inspecta/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** GET /api/settings/escalation: the escalation rules and the corrective actions' due-date defaults. */
export function getEscalationSettings(signal?: AbortSignal) {
  return api.get<EscalationSettingsResponse>('/settings/escalation', { signal });
}

export function getEscalationSettingsQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.escalation,
    queryFn: ({ signal }) => getEscalationSettings(signal),
  });
}

export function useEscalationSettings() {
  return useQuery(getEscalationSettingsQueryOptions());
}

/** PUT /api/settings/escalation: the whole rule list and the due-date defaults. */
export function updateEscalationSettings(body: UpdateEscalationSettingsBody) {
  return api.put<EscalationSettingsMutationResponse>('/settings/escalation', body);
}

export function useUpdateEscalationSettings() {
  const queryClient = useQueryClient();
  return useMutation<EscalationSettingsMutationResponse, ApiError, UpdateEscalationSettingsBody>({
    mutationFn: updateEscalationSettings,
    onSuccess: (result) =>
      queryClient.setQueryData(settingsKeys.escalation, { escalation: result.escalation }),
  });
}
