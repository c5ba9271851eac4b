import type { EquipmentMutationResponse, EquipmentUpdateBody } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { equipmentTypeKeys } from '@/features/equipment-types';
import { api } from '@/lib/api-client';
import { equipmentKeys } from './keys';

/** PATCH /api/auth/equipments/update/:id (a new siteId moves the unit). */
export function updateEquipment({ id, body }: { id: number; body: EquipmentUpdateBody }) {
  return api.patch<EquipmentMutationResponse>(`/auth/equipments/update/${id}`, body);
}

export function useUpdateEquipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEquipment,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: equipmentKeys.units }),
        queryClient.invalidateQueries({ queryKey: equipmentTypeKeys.all }),
      ]);
    },
  });
}
