import type { EquipmentTypeCreateBody, EquipmentTypeMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { equipmentTypeKeys } from './keys';

/** POST /api/auth/global-equipment/create */
export function createEquipmentType(body: EquipmentTypeCreateBody) {
  return api.post<EquipmentTypeMutationResponse>('/auth/global-equipment/create', body);
}

export function useCreateEquipmentType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEquipmentType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: equipmentTypeKeys.all }),
  });
}
