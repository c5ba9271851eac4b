import type { AddressMutationResponse, AddressUpdateBody } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAddresses } from './invalidate-addresses';

/** PATCH /api/shop/clients/:clientId/addresses/:addressId (also "make default": `{ isDefault: true }`). */
export function updateAddress({
  clientId,
  addressId,
  body,
}: {
  clientId: number;
  addressId: number;
  body: AddressUpdateBody;
}) {
  return api.patch<AddressMutationResponse>(`/shop/clients/${clientId}/addresses/${addressId}`, body);
}

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: (_data, { clientId }) => invalidateAddresses(queryClient, clientId),
  });
}
