import { useMutation, useQueryClient } from '@tanstack/react-query';
import { equipmentTypeKeys } from '@/features/equipment-types';
import { api } from '@/lib/api-client';
import { equipmentKeys } from './keys';

/** DELETE /api/auth/equipments/delete/:id (only before the unit's first inspection). */
export function deleteEquipment(id: number) {
  return api.delete<{ message: string }>(`/auth/equipments/delete/${id}`);
}

export function useDeleteEquipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEquipment,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: equipmentKeys.units }),
        queryClient.invalidateQueries({ queryKey: equipmentTypeKeys.all }),
      ]);
    },
  });
}
