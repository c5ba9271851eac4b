import { type LoginBody, loginBodySchema, type SessionUser } from '@inspecta/contract';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconInfoCircle, IconLock, IconMail } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link } from 'react-router';
import { INSPECTOR_APP_PATH } from '@/config/app';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { startSession } from '@/lib/session';
import { useLogin } from '../api/login';
import { logout } from '../api/logout';

export const NOT_ADMIN_MESSAGE = `This dashboard is for administrators. Inspectors use the inspector app at ${INSPECTOR_APP_PATH}.`;

type Feedback = { kind: 'error'; title: string; message: string } | { kind: 'not-admin' };

function describeFailure(error: unknown): Feedback {
  if (!isApiError(error)) {
    return { kind: 'error', title: 'Sign-in failed', message: 'Something went wrong. Please try again.' };
  }
  if (error.code === 'RATE_LIMITED') {
    const wait = error.retryAfterSeconds;
    return {
      kind: 'error',
      title: 'Too many attempts',
      message: wait ? `${error.message} Try again in ${wait} second${wait === 1 ? '' : 's'}.` : error.message,
    };
  }
  return { kind: 'error', title: 'Sign-in failed', message: error.message };
}

interface LoginFormProps {
  /** Called once an administrator's session is stored. */
  onSuccess: (user: SessionUser) => void;
}

export function LoginForm({ onSuccess }: LoginFormProps) {
  const [submitting, setSubmitting] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const loginMutation = useLogin();

  const form = useForm<LoginBody>({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: zod4Resolver(loginBodySchema),
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setFeedback(null);
    setSubmitting(true);
    try {
      const result = await loginMutation.mutateAsync(loginBodySchema.parse(values));
      if (result.user.userType !== 'admin') {
        // Store nothing, and revoke the token the server just issued.
        await logout(result.accessToken).catch(() => undefined);
        setFeedback({ kind: 'not-admin' });
        return;
      }
      startSession(result.accessToken, result.user);
      onSuccess(result.user);
    } catch (error) {
      if (isApiError(error)) form.setErrors(error.fieldErrors());
      setFeedback(describeFailure(error));
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Sign in">
      <Stack gap="md">
        {feedback?.kind === 'error' ? (
          <Alert
            color="red"
            variant="light"
            title={feedback.title}
            icon={<IconAlertCircle aria-hidden="true" />}
            data-testid="login-error"
          >
            {feedback.message}
          </Alert>
        ) : null}
        {feedback?.kind === 'not-admin' ? (
          <Alert
            color="brand"
            variant="light"
            title="Administrators only"
            icon={<IconInfoCircle aria-hidden="true" />}
            data-testid="login-error"
          >
            {NOT_ADMIN_MESSAGE}
          </Alert>
        ) : null}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          placeholder="you@company.com"
          size="md"
          leftSection={<IconMail size={18} aria-hidden="true" />}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          placeholder="Your password"
          size="md"
          leftSection={<IconLock size={18} aria-hidden="true" />}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to={paths.forgotPassword} size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={submitting} aria-busy={submitting} mt="xs">
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
