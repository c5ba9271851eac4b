import type { BillCancelBody, BillMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { shopBillsKeys } from './keys';

/** POST /api/shop/bills/:id/cancel: the bill stays, marked cancelled, and keeps its number. */
export function cancelBill({ id, ...body }: BillCancelBody & { id: number }) {
  return api.post<BillMutationResponse>(`/shop/bills/${id}/cancel`, body);
}

export function useCancelBill() {
  const queryClient = useQueryClient();
  return useMutation<BillMutationResponse, ApiError, BillCancelBody & { id: number }>({
    mutationFn: cancelBill,
    onSuccess: (result) => {
      queryClient.setQueryData(shopBillsKeys.bill(result.bill.id), { bill: result.bill });
      return queryClient.invalidateQueries({ queryKey: shopBillsKeys.lists });
    },
  });
}
