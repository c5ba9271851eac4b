import type { BulkResult, EquipmentBulkBody } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { equipmentTypeKeys } from '@/features/equipment-types';
import { type ApiError, api } from '@/lib/api-client';
import { equipmentKeys } from './keys';

/** POST /api/auth/equipments/bulk: retire the selected units, all or nothing. */
export function bulkEquipment(body: EquipmentBulkBody): Promise<BulkResult> {
  return api.post<BulkResult>('/auth/equipments/bulk', body);
}

export function useBulkEquipment() {
  const queryClient = useQueryClient();
  return useMutation<BulkResult, ApiError, EquipmentBulkBody>({
    mutationFn: bulkEquipment,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: equipmentKeys.units }),
        queryClient.invalidateQueries({ queryKey: equipmentTypeKeys.all }),
      ]),
  });
}
