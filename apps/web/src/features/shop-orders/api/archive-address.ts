import type { AddressMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAddresses } from './invalidate-addresses';

/** DELETE /api/shop/clients/:clientId/addresses/:addressId: archives it (placed orders keep their copy). */
export function archiveAddress({ clientId, addressId }: { clientId: number; addressId: number }) {
  return api.delete<AddressMutationResponse>(`/shop/clients/${clientId}/addresses/${addressId}`);
}

export function useArchiveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveAddress,
    onSuccess: (_data, { clientId }) => invalidateAddresses(queryClient, clientId),
  });
}
