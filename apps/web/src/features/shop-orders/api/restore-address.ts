import type { AddressMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAddresses } from './invalidate-addresses';

/** POST /api/shop/clients/:clientId/addresses/:addressId/restore */
export function restoreAddress({ clientId, addressId }: { clientId: number; addressId: number }) {
  return api.post<AddressMutationResponse>(`/shop/clients/${clientId}/addresses/${addressId}/restore`);
}

export function useRestoreAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreAddress,
    onSuccess: (_data, { clientId }) => invalidateAddresses(queryClient, clientId),
  });
}
