import {
  type ForgotPasswordBody,
  forgotPasswordBodySchema,
  oneTimeCodeSchema,
  passwordNotEmail,
  resetPasswordFormSchema,
} from '@inspecta/contract';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconArrowLeft, IconCircleCheck, IconMail } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { useVerifyOtp } from '../api/verify-otp';
import { PasswordPolicyChecklist, passwordPolicyRules } from './password-policy-checklist';

type Step =
  | { name: 'request' }
  | { name: 'code'; email: string; resendAt: number }
  | { name: 'password'; email: string; token: string }
  | { name: 'done' };

const GENERIC_FAILURE = 'Something went wrong. Check your connection and try again.';

function failureMessage(error: unknown): string {
  if (!isApiError(error) || error.status === 0) return GENERIC_FAILURE;
  return error.message;
}

function ErrorAlert({ children, title }: { children: React.ReactNode; title?: string }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden="true" />}
      title={title}
      role="alert"
      data-testid="forgot-password-error"
    >
      {children}
    </Alert>
  );
}

/** Seconds left until `deadline`, ticking every second. */
function useSecondsUntil(deadline: number): number {
  const [now, setNow] = useState(() => Date.now());
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new deadline restarts the count from now.
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function RequestStep({ onSent }: { onSent: (email: string, resendAfterSeconds: number) => void }) {
  const request = useForgotPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ForgotPasswordBody>({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: zod4Resolver(forgotPasswordBodySchema),
    validateInputOnBlur: true,
  });
  const handleSubmit = form.onSubmit(async (values) => {
    setFailure(null);
    const { email } = forgotPasswordBodySchema.parse(values);
    try {
      const answer = await request.mutateAsync({ email });
      onSent(email, answer.resendAfterSeconds);
    } catch (error) {
      if (isApiError(error)) form.setErrors(error.fieldErrors());
      if (isApiError(error) && error.code === 'RATE_LIMITED' && error.retryAfterSeconds) {
        setFailure(`${error.message} Wait ${formatCountdown(error.retryAfterSeconds)} before asking again.`);
      } else {
        setFailure(failureMessage(error));
      }
    }
  });
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Reset your password</Title>
        <Text c="dimmed" size="sm" mt={6}>
          Enter the email of your account. We will send you a 6-digit code to choose a new password.
        </Text>
      </div>
      <form onSubmit={handleSubmit} noValidate aria-label="Request a reset code">
        <Stack gap="md">
          {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            placeholder="you@company.com"
            size="md"
            leftSection={<IconMail size={18} aria-hidden="true" />}
            {...form.getInputProps('email')}
          />
          <Button type="submit" size="md" loading={request.isPending}>
            Send code
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

const codeFormSchema = z.object({ code: oneTimeCodeSchema });

function CodeStep({
  email,
  resendAt,
  onVerified,
  onResent,
  onChangeEmail,
}: {
  email: string;
  resendAt: number;
  onVerified: (token: string) => void;
  onResent: (resendAfterSeconds: number) => void;
  onChangeEmail: () => void;
}) {
  const verify = useVerifyOtp();
  const resend = useForgotPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const secondsLeft = useSecondsUntil(resendAt);
  const form = useForm<{ code: string }>({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: zod4Resolver(codeFormSchema),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setFailure(null);
    setNotice(null);
    try {
      const answer = await verify.mutateAsync({ email, code: values.code.trim() });
      onVerified(answer.resetToken);
    } catch (error) {
      const fieldErrors = isApiError(error) ? error.fieldErrors() : {};
      if (fieldErrors.code) form.setErrors(fieldErrors);
      else setFailure(failureMessage(error));
    }
  });

  const handleResend = async () => {
    setFailure(null);
    setNotice(null);
    try {
      const answer = await resend.mutateAsync({ email });
      form.setValues({ code: '' });
      form.clearErrors();
      setNotice('A new code is on its way. Earlier codes no longer work.');
      onResent(answer.resendAfterSeconds);
    } catch (error) {
      setFailure(failureMessage(error));
    }
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Enter your code</Title>
        <Text c="dimmed" size="sm" mt={6}>
          If an account uses <strong>{email}</strong>, we sent it a 6-digit code. It is valid for 10 minutes.
        </Text>
      </div>
      <form onSubmit={handleSubmit} noValidate aria-label="Enter the code">
        <Stack gap="md">
          {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
          {notice ? (
            <Alert color="brand" variant="light" role="status">
              {notice}
            </Alert>
          ) : null}
          <TextInput
            label="6-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="123456"
            size="md"
            styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
            {...form.getInputProps('code')}
          />
          <Button type="submit" size="md" loading={verify.isPending}>
            Verify code
          </Button>
          <Group justify="space-between" gap="xs">
            <Anchor component="button" type="button" size="sm" onClick={onChangeEmail}>
              Use another email
            </Anchor>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={handleResend}
              disabled={secondsLeft > 0}
              loading={resend.isPending}
              aria-live="polite"
            >
              {secondsLeft > 0 ? `Resend code in ${formatCountdown(secondsLeft)}` : 'Resend code'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function PasswordStep({
  email,
  token,
  onDone,
  onRestart,
}: {
  email: string;
  token: string;
  onDone: () => void;
  onRestart: () => void;
}) {
  const reset = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<{ password: string; confirmPassword: string }>({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '' },
    validate: (values) => {
      const errors = zod4Resolver(resetPasswordFormSchema)(values);
      if (!errors.password && !passwordNotEmail({ email, password: values.password })) {
        errors.password = 'The password must not be your email';
      }
      return errors;
    },
    validateInputOnBlur: true,
  });
  const rules = passwordPolicyRules(form.values.password, email, form.values.confirmPassword);

  const handleSubmit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await reset.mutateAsync({ token, password: values.password });
      onDone();
    } catch (error) {
      const fieldErrors = isApiError(error) ? error.fieldErrors() : {};
      if (fieldErrors.password) form.setErrors(fieldErrors);
      else setFailure(failureMessage(error));
    }
  });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Choose a new password</Title>
        <Text c="dimmed" size="sm" mt={6}>
          For <strong>{email}</strong>. Every device signed in to this account will be signed out.
        </Text>
      </div>
      <form onSubmit={handleSubmit} noValidate aria-label="Choose a new password">
        <Stack gap="md">
          {failure ? (
            <ErrorAlert>
              {failure}{' '}
              <Anchor component="button" type="button" size="sm" onClick={onRestart}>
                Start again
              </Anchor>
            </ErrorAlert>
          ) : null}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            size="md"
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            size="md"
            {...form.getInputProps('confirmPassword')}
          />
          <PasswordPolicyChecklist rules={rules} />
          <Button type="submit" size="md" loading={reset.isPending}>
            Set new password
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

function DoneStep() {
  return (
    <Stack gap="md" data-testid="password-reset-done">
      <Title order={1}>Password reset</Title>
      <Alert
        color="green"
        variant="light"
        icon={<IconCircleCheck aria-hidden="true" />}
        title="Your password has been reset"
        styles={{ title: { color: '#1d6b30' } }}
      >
        Every device that was signed in has been signed out. Sign in with your new password.
      </Alert>
      <Button component={Link} to={paths.login} replace size="md">
        Back to sign in
      </Button>
    </Stack>
  );
}

/** /forgot-password: request a code → enter it → choose a new password → done. Nobody is signed in. */
export function ForgotPassword() {
  const [step, setStep] = useState<Step>({ name: 'request' });
  return (
    <Stack gap="lg">
      {step.name === 'request' ? (
        <RequestStep
          onSent={(email, wait) => setStep({ name: 'code', email, resendAt: Date.now() + wait * 1000 })}
        />
      ) : null}
      {step.name === 'code' ? (
        <CodeStep
          email={step.email}
          resendAt={step.resendAt}
          onVerified={(token) => setStep({ name: 'password', email: step.email, token })}
          onResent={(wait) => setStep({ ...step, resendAt: Date.now() + wait * 1000 })}
          onChangeEmail={() => setStep({ name: 'request' })}
        />
      ) : null}
      {step.name === 'password' ? (
        <PasswordStep
          email={step.email}
          token={step.token}
          onDone={() => setStep({ name: 'done' })}
          onRestart={() => setStep({ name: 'request' })}
        />
      ) : null}
      {step.name === 'done' ? <DoneStep /> : null}
      {step.name !== 'done' ? (
        <Anchor component={Link} to={paths.login} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden="true" />
            Back to sign in
          </Group>
        </Anchor>
      ) : null}
    </Stack>
  );
}
