import type {
  OrganisationMutationResponse,
  OrganisationSettingsResponse,
  UpdateOrganisationSettingsBody,
} from '@inspecta/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { storage } from '@/lib/storage';
import { settingsKeys } from './keys';

/** GET /api/settings/organisation */
export function getOrganisation(signal?: AbortSignal): Promise<OrganisationSettingsResponse> {
  return api.get<OrganisationSettingsResponse>('/settings/organisation', { signal });
}

export function getOrganisationQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.organisation,
    queryFn: ({ signal }) => getOrganisation(signal),
    staleTime: 5 * 60_000,
  });
}

export function useOrganisation() {
  return useQuery({ ...getOrganisationQueryOptions(), enabled: storage.getToken() !== null });
}

/** PUT /api/settings/organisation */
export function updateOrganisation(
  body: UpdateOrganisationSettingsBody,
): Promise<OrganisationMutationResponse> {
  return api.put<OrganisationMutationResponse>('/settings/organisation', body);
}

/** POST (a file) or DELETE (null) /api/settings/organisation/logo */
export function changeOrganisationLogo(file: File | null): Promise<OrganisationMutationResponse> {
  if (!file) return api.delete<OrganisationMutationResponse>('/settings/organisation/logo');
  const form = new FormData();
  form.append('file', file);
  return api.post<OrganisationMutationResponse>('/settings/organisation/logo', form);
}

function useOrganisationMutation<V>(mutationFn: (value: V) => Promise<OrganisationMutationResponse>) {
  const queryClient = useQueryClient();
  return useMutation<OrganisationMutationResponse, ApiError, V>({
    mutationFn,
    // Header and footer read the same query: the new logo and name show at once.
    onSuccess: (result) =>
      queryClient.setQueryData(settingsKeys.organisation, { organisation: result.organisation }),
  });
}

export const useUpdateOrganisation = () => useOrganisationMutation(updateOrganisation);
export const useChangeOrganisationLogo = () => useOrganisationMutation(changeOrganisationLogo);
