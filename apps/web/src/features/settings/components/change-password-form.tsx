import {
  type ChangePasswordBody,
  changePasswordFormSchema,
  type EndedSessionsResponse,
} from '@inspecta/contract';
import { Button, Group, PasswordInput, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { type ApiError, isApiError } from '@/lib/api-client';

export type ChangePasswordMutation = UseMutationResult<EndedSessionsResponse, ApiError, ChangePasswordBody>;

/**
 * Current password, new password and its repetition, checked with the shared schema. The caller
 * gives the mutation, because the dashboard and the client portal send it with their own session.
 */
export function ChangePasswordForm({
  change,
  columns = 3,
  submitTestId,
}: {
  change: ChangePasswordMutation;
  /** Side by side on a wide settings card; one column in the portal's narrow account card. */
  columns?: 1 | 3;
  submitTestId?: string;
}) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: zod4Resolver(changePasswordFormSchema),
  });

  const submit = form.onSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (result) => {
          form.reset();
          notifications.show({ color: 'green', title: 'Password changed', message: result.message });
        },
        onError: (error) => {
          if (isApiError(error) && error.details.length > 0) form.setErrors(error.fieldErrors());
          notifications.show({
            color: 'red',
            title: 'Could not change the password',
            message: error.message,
          });
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={columns === 3 ? { base: 1, sm: 3 } : 1}>
          <PasswordInput
            label="Current password"
            required
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label="New password"
            required
            autoComplete="new-password"
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Repeat new password"
            required
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending} data-testid={submitTestId}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
