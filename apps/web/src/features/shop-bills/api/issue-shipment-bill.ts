import type { BillMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shopOrdersKeys } from '@/features/shop-orders';
import { type ApiError, api } from '@/lib/api-client';
import { shopBillsKeys } from './keys';

export interface IssueShipmentBillVariables {
  orderId: number;
  shipmentId: number;
}

/**
 * POST /api/shop/orders/:id/shipments/:shipmentId/bill: a new bill for a shipped shipment (after
 * its bill was cancelled), with the next number of the series.
 */
export function issueShipmentBill({ orderId, shipmentId }: IssueShipmentBillVariables) {
  return api.post<BillMutationResponse>(`/shop/orders/${orderId}/shipments/${shipmentId}/bill`);
}

export function useIssueShipmentBill() {
  const queryClient = useQueryClient();
  return useMutation<BillMutationResponse, ApiError, IssueShipmentBillVariables>({
    mutationFn: issueShipmentBill,
    onSuccess: (result, { orderId }) => {
      queryClient.setQueryData(shopBillsKeys.bill(result.bill.id), { bill: result.bill });
      void queryClient.invalidateQueries({ queryKey: shopBillsKeys.lists });
      void queryClient.invalidateQueries({ queryKey: shopOrdersKeys.order(orderId) });
    },
  });
}
