import type { User } from '@inspecta/contract';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { isApiError } from '@/lib/api-client';
import { useDeleteUser } from '../api/delete-user';
import { useSendInvitation } from '../api/send-invitation';
import { useUpdateUserStatus } from '../api/update-user-status';
import { fullName } from '../lib/labels';
import { announceInvitation } from './invitation-link';

function failed(title: string, error: unknown) {
  notifications.show({
    color: 'red',
    title,
    message: isApiError(error) ? error.message : 'Something went wrong. Please try again.',
  });
}

/** Status toggle, deletion and invitations, each behind a confirmation and followed by a toast. */
export function useUserActions(options: { onDeleted?: (user: User) => void } = {}) {
  const statusMutation = useUpdateUserStatus();
  const deleteMutation = useDeleteUser();
  const inviteMutation = useSendInvitation();

  const toggleStatus = (user: User) => {
    const deactivating = user.status === 'active';
    const name = fullName(user);
    modals.openConfirmModal({
      title: deactivating ? `Deactivate ${name}?` : `Reactivate ${name}?`,
      children: (
        <Text size="sm">
          {deactivating
            ? 'They are signed out everywhere at once and cannot sign in until an administrator reactivates them. Nothing is deleted.'
            : 'They can sign in again with their password.'}
        </Text>
      ),
      labels: { confirm: deactivating ? 'Deactivate' : 'Reactivate', cancel: 'Cancel' },
      confirmProps: { color: deactivating ? 'red' : 'brand' },
      onConfirm: async () => {
        try {
          const result = await statusMutation.mutateAsync({
            id: user.id,
            status: deactivating ? 'inactive' : 'active',
          });
          notifications.show({
            color: 'green',
            title: deactivating ? 'User deactivated' : 'User reactivated',
            message: result.message,
          });
        } catch (error) {
          failed(deactivating ? 'Could not deactivate' : 'Could not reactivate', error);
        }
      },
    });
  };

  const remove = (user: User) => {
    const name = fullName(user);
    modals.openConfirmModal({
      title: `Delete ${name}?`,
      children: (
        <Text size="sm">
          {name} disappears from the lists and can no longer sign in; any open session ends. Their history
          stays in the audit trail, and {user.email} can be used for a new account.
        </Text>
      ),
      labels: { confirm: 'Delete user', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          const result = await deleteMutation.mutateAsync(user.id);
          notifications.show({ color: 'green', title: 'User deleted', message: result.message });
          options.onDeleted?.(user);
        } catch (error) {
          failed('Could not delete', error);
        }
      },
    });
  };

  const invite = (user: User) => {
    const name = fullName(user);
    modals.openConfirmModal({
      title: `Send an invitation to ${name}?`,
      children: (
        <Text size="sm">
          {user.email} gets a single-use link to choose a password, valid for 7 days. Earlier links stop
          working.
        </Text>
      ),
      labels: { confirm: 'Send invitation', cancel: 'Cancel' },
      onConfirm: async () => {
        try {
          const result = await inviteMutation.mutateAsync(user.id);
          announceInvitation(name, result.invitation, result.message);
        } catch (error) {
          failed('Could not send the invitation', error);
        }
      },
    });
  };

  return { toggleStatus, remove, invite };
}
