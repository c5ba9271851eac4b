import type {
  EmailUpdateBody,
  EmailUpdateConfirmBody,
  EmailUpdateConfirmResponse,
  EmailUpdateResponse,
} from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deliveryKeys } from '@/features/delivery';
import { type ApiError, api } from '@/lib/api-client';
import { updateSessionUser } from '@/lib/session';

/** PATCH /api/email/update: sends a code to the new address; the old email stays until confirmed. */
export function updateEmail(body: EmailUpdateBody): Promise<EmailUpdateResponse> {
  return api.patch<EmailUpdateResponse>('/email/update', body);
}

/** POST /api/email/update/confirm: switches the email. */
export function confirmEmailUpdate(body: EmailUpdateConfirmBody): Promise<EmailUpdateConfirmResponse> {
  return api.post<EmailUpdateConfirmResponse>('/email/update/confirm', body);
}

/** Both steps send an email: the outbox list (when shown) is refreshed. */
export function useUpdateEmail() {
  const queryClient = useQueryClient();
  return useMutation<EmailUpdateResponse, ApiError, EmailUpdateBody>({
    mutationKey: ['account', 'email', 'update'],
    mutationFn: updateEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveryKeys.outbox }),
  });
}

export function useConfirmEmailUpdate() {
  const queryClient = useQueryClient();
  return useMutation<EmailUpdateConfirmResponse, ApiError, EmailUpdateConfirmBody>({
    mutationKey: ['account', 'email', 'confirm'],
    mutationFn: confirmEmailUpdate,
    onSuccess: (answer) => {
      updateSessionUser(answer.user);
      return queryClient.invalidateQueries({ queryKey: deliveryKeys.outbox });
    },
  });
}
