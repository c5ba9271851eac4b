import type { EquipmentTypeMutationResponse, EquipmentTypeUpdateBody } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useEquipmentTypesLinks } from '../lib/links';
import { equipmentTypeKeys } from './keys';

/** PUT /api/auth/global-equipment/update/:id (any fields; `{ status }` archives or restores). */
export function updateEquipmentType({ id, body }: { id: number; body: EquipmentTypeUpdateBody }) {
  return api.put<EquipmentTypeMutationResponse>(`/auth/global-equipment/update/${id}`, body);
}

export function useUpdateEquipmentType() {
  const queryClient = useQueryClient();
  const { onTypeSaved } = useEquipmentTypesLinks();
  return useMutation({
    mutationFn: updateEquipmentType,
    onSuccess: async () => {
      // A new interval changes the due dates of installed units too.
      await Promise.all([queryClient.invalidateQueries({ queryKey: equipmentTypeKeys.all }), onTypeSaved()]);
    },
  });
}
