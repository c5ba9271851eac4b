import type { EquipmentCreateBody, EquipmentMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { equipmentTypeKeys } from '@/features/equipment-types';
import { api } from '@/lib/api-client';
import { equipmentKeys } from './keys';

/** POST /api/auth/equipments (add equipment to a site). */
export function createEquipment(body: EquipmentCreateBody) {
  return api.post<EquipmentMutationResponse>('/auth/equipments', body);
}

export function useCreateEquipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEquipment,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: equipmentKeys.units }),
        queryClient.invalidateQueries({ queryKey: equipmentTypeKeys.all }),
      ]);
    },
  });
}
