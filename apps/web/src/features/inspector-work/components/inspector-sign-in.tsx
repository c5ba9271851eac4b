import { type LoginBody, loginBodySchema, type SessionUser } from '@inspecta/contract';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconInfoCircle, IconLock, IconMail } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { login, logout } from '@/features/auth';
import { isApiError } from '@/lib/api-client';
import { startInspectorSession } from '@/lib/session';
import classes from './inspector.module.css';

export const NOT_INSPECTOR_MESSAGE =
  'This area is for inspectors. Administrators sign in to the dashboard instead.';

type Feedback = { kind: 'error'; title: string; message: string } | { kind: 'not-inspector' };

function describeFailure(error: unknown): Feedback {
  if (!isApiError(error))
    return { kind: 'error', title: 'Sign-in failed', message: 'Something went wrong. Please try again.' };
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

/**
 * The inspector app's sign-in: email and password (the shared login schema), the server's message
 * on failure. Only inspectors get a session here; it is kept apart from the dashboard's.
 */
export function InspectorSignIn({ onSuccess }: { onSuccess: (user: SessionUser) => void }) {
  const [submitting, setSubmitting] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
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
      const result = await login(loginBodySchema.parse(values));
      if (result.user.userType !== 'inspector') {
        // Store nothing, and revoke the session the server just issued.
        await logout(result.accessToken).catch(() => undefined);
        setFeedback({ kind: 'not-inspector' });
        return;
      }
      startInspectorSession(result.accessToken, result.user);
      onSuccess(result.user);
    } catch (error) {
      if (isApiError(error)) form.setErrors(error.fieldErrors());
      setFeedback(describeFailure(error));
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <main className={classes.signInPage}>
      <Paper className={classes.signInCard} withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <Logo size={32} />
          <Box>
            <Title order={1} size="h2">
              Inspector sign-in
            </Title>
            <Text c="dimmed" size="sm" mt={6}>
              Your assignments, checklists and reports, on site.
            </Text>
          </Box>
          <form onSubmit={handleSubmit} noValidate aria-label="Inspector sign-in">
            <Stack gap="md">
              {feedback?.kind === 'error' ? (
                <Alert
                  color="red"
                  variant="light"
                  title={feedback.title}
                  icon={<IconAlertCircle aria-hidden="true" />}
                  data-testid="inspector-sign-in-error"
                >
                  {feedback.message}
                </Alert>
              ) : null}
              {feedback?.kind === 'not-inspector' ? (
                <Alert
                  color="brand"
                  variant="light"
                  title="Inspectors only"
                  icon={<IconInfoCircle aria-hidden="true" />}
                  data-testid="inspector-sign-in-error"
                >
                  {NOT_INSPECTOR_MESSAGE}{' '}
                  <Anchor component={Link} to={paths.login} size="sm" fw={600}>
                    Go to the dashboard sign-in
                  </Anchor>
                </Alert>
              ) : null}
              <TextInput
                label="Email"
                type="email"
                autoComplete="username"
                inputMode="email"
                placeholder="you@company.com"
                size="lg"
                leftSection={<IconMail size={18} aria-hidden="true" />}
                {...form.getInputProps('email')}
              />
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                placeholder="Your password"
                size="lg"
                leftSection={<IconLock size={18} aria-hidden="true" />}
                {...form.getInputProps('password')}
              />
              <Button type="submit" size="lg" fullWidth loading={submitting} aria-busy={submitting} mt="xs">
                Sign in
              </Button>
              <Anchor component={Link} to={paths.forgotPassword} size="sm" ta="center">
                Forgot password?
              </Anchor>
            </Stack>
          </form>
        </Stack>
      </Paper>
    </main>
  );
}
