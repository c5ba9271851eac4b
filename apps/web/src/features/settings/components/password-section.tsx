import { changePasswordFormSchema, PASSWORD_MIN_LENGTH } from '@inspecta/contract';
import { Button, Group, PasswordInput, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { isApiError } from '@/lib/api-client';
import { useChangePassword } from '../api/change-password';
import { SettingsCard } from './settings-card';

/** Current password required; on success every other session is signed out. */
export function PasswordSection() {
  const change = useChangePassword();
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
    <SettingsCard
      id="password"
      title="Password"
      description={`At least ${PASSWORD_MIN_LENGTH} characters, not a common password and not your email. Changing it signs you out everywhere else.`}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
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
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsCard>
  );
}
