import type { OrganisationSettingsResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '@/lib/api-client';
import { portalKeys } from './keys';

/** GET /api/settings/organisation (any signed-in user): the organisation's name and logo for the top bar. */
export function getPortalOrganisation(signal?: AbortSignal) {
  return portalApi.get<OrganisationSettingsResponse>('/settings/organisation', { signal });
}

export function usePortalOrganisation() {
  return useQuery(
    queryOptions({
      queryKey: portalKeys.organisation(),
      queryFn: ({ signal }) => getPortalOrganisation(signal),
      staleTime: 10 * 60_000,
    }),
  );
}
