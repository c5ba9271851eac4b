import { type EmailUpdateBody, emailUpdateBodySchema, oneTimeCodeSchema } from '@inspecta/contract';
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconMailForward } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { z } from 'zod';
import { useMe } from '@/features/auth';
import { isApiError } from '@/lib/api-client';
import { getSession } from '@/lib/session';
import { useConfirmEmailUpdate, useUpdateEmail } from '../api/update-email';

const codeSchema = z.object({ code: oneTimeCodeSchema });

function failureText(error: unknown): string {
  if (isApiError(error) && error.status !== 0) {
    if (error.code === 'RATE_LIMITED' && error.retryAfterSeconds)
      return `${error.message} Wait ${error.retryAfterSeconds} seconds before asking again.`;
    return error.message;
  }
  return 'Something went wrong. Check your connection and try again.';
}

/** Settings: change the sign-in email; a code confirms the new address, the old one stays until then. */
export function EmailChangeSection() {
  const me = useMe(getSession()?.user ?? null);
  const request = useUpdateEmail();
  const confirm = useConfirmEmailUpdate();
  const [pending, setPending] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const emailForm = useForm<EmailUpdateBody>({
    mode: 'controlled',
    initialValues: { newEmail: '', currentPassword: '' },
    validate: zod4Resolver(emailUpdateBodySchema),
    validateInputOnBlur: true,
  });
  const codeForm = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: zod4Resolver(codeSchema),
  });

  const handleRequest = emailForm.onSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await request.mutateAsync(emailUpdateBodySchema.parse(values));
      setPending(answer.newEmail);
      codeForm.reset();
    } catch (error) {
      const fields = isApiError(error) ? error.fieldErrors() : {};
      if (Object.keys(fields).length > 0) emailForm.setErrors(fields);
      else setFailure(failureText(error));
    }
  });

  const handleConfirm = codeForm.onSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await confirm.mutateAsync({ code: values.code.trim() });
      notifications.show({ color: 'green', title: 'Email changed', message: answer.message });
      setPending(null);
      emailForm.reset();
    } catch (error) {
      const fields = isApiError(error) ? error.fieldErrors() : {};
      if (fields.code) codeForm.setErrors(fields);
      else setFailure(failureText(error));
    }
  });

  return (
    <Paper
      withBorder
      p="lg"
      component="section"
      aria-labelledby="email-change-title"
      data-testid="email-change-section"
    >
      <Stack gap="md" maw={520}>
        <div>
          <Title order={2} size="h3" id="email-change-title">
            Sign-in email
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            You sign in with <strong>{me.data?.user.email ?? '…'}</strong>. A new address is used only once
            you confirm it with the code we send there.
          </Text>
        </div>
        {failure ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
            {failure}
          </Alert>
        ) : null}
        {pending ? (
          <form onSubmit={handleConfirm} noValidate aria-label="Confirm the new email">
            <Stack gap="md">
              <Alert
                color="brand"
                variant="light"
                icon={<IconMailForward aria-hidden="true" />}
                role="status"
              >
                We sent a 6-digit code to <strong>{pending}</strong>. It is valid for 10 minutes.
              </Alert>
              <TextInput
                label="6-digit code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                w={200}
                {...codeForm.getInputProps('code')}
              />
              <Group gap="sm">
                <Button type="submit" loading={confirm.isPending}>
                  Confirm change
                </Button>
                <Button variant="default" onClick={() => setPending(null)}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <form onSubmit={handleRequest} noValidate aria-label="Change email">
            <Stack gap="md">
              <TextInput
                label="New email"
                type="email"
                autoComplete="email"
                {...emailForm.getInputProps('newEmail')}
              />
              <PasswordInput
                label="Current password"
                autoComplete="current-password"
                {...emailForm.getInputProps('currentPassword')}
              />
              <Group>
                <Button type="submit" loading={request.isPending}>
                  Send code
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
