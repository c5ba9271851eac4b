import type { BulkResult, UserBulkBody } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { userKeys } from './keys';

/** POST /api/admin/userlist/bulk: deactivate or reactivate the selected users, all or nothing. */
export function bulkUsers(body: UserBulkBody): Promise<BulkResult> {
  return api.post<BulkResult>('/admin/userlist/bulk', body);
}

export function useBulkUsers() {
  const queryClient = useQueryClient();
  return useMutation<BulkResult, ApiError, UserBulkBody>({
    mutationFn: bulkUsers,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
