import type { AddressMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAddresses } from './invalidate-addresses';

/** POST /api/shop/clients/:clientId/addresses/from-site: the site's shipping address (made once, then reused). */
export function addressFromSite({ clientId, siteId }: { clientId: number; siteId: number }) {
  return api.post<AddressMutationResponse>(`/shop/clients/${clientId}/addresses/from-site`, { siteId });
}

export function useAddressFromSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addressFromSite,
    onSuccess: (_data, { clientId }) => invalidateAddresses(queryClient, clientId),
  });
}
