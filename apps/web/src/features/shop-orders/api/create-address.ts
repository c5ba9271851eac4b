import type { AddressCreateBody, AddressMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAddresses } from './invalidate-addresses';

/** POST /api/shop/clients/:clientId/addresses */
export function createAddress({ clientId, body }: { clientId: number; body: AddressCreateBody }) {
  return api.post<AddressMutationResponse>(`/shop/clients/${clientId}/addresses`, body);
}

export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAddress,
    onSuccess: (_data, { clientId }) => invalidateAddresses(queryClient, clientId),
  });
}
