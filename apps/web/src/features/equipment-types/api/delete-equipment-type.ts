import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { equipmentTypeKeys } from './keys';

/** DELETE /api/auth/global-equipment/delete/:id (409 when units use the type). */
export function deleteEquipmentType(id: number) {
  return api.delete<{ message: string }>(`/auth/global-equipment/delete/${id}`);
}

export function useDeleteEquipmentType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEquipmentType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: equipmentTypeKeys.all }),
  });
}
