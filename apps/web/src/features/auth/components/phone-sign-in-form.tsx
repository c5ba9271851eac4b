import {
  oneTimeCodeSchema,
  PHONE_MESSAGE,
  type SessionUser,
  signInPhoneSchema,
  type UserType,
} from '@inspecta/contract';
import { Alert, Anchor, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconInfoCircle, IconPhone } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { startSession as startDashboardSession } from '@/lib/session';
import { logout } from '../api/logout';
import { usePhoneSignIn, useRequestPhoneCode } from '../api/phone-sign-in';
import { dashboardWrongRole } from './login-form';
import { type WrongRoleFeedback, wrongRoleFor } from './password-sign-in-form';

/** The countries an Indian inspection company's staff dial from most; India first. */
export const COUNTRIES = [
  { value: '+91', label: 'India (+91)' },
  { value: '+971', label: 'United Arab Emirates (+971)' },
  { value: '+966', label: 'Saudi Arabia (+966)' },
  { value: '+974', label: 'Qatar (+974)' },
  { value: '+968', label: 'Oman (+968)' },
  { value: '+65', label: 'Singapore (+65)' },
  { value: '+94', label: 'Sri Lanka (+94)' },
  { value: '+977', label: 'Nepal (+977)' },
  { value: '+880', label: 'Bangladesh (+880)' },
  { value: '+44', label: 'United Kingdom (+44)' },
  { value: '+1', label: 'United States / Canada (+1)' },
];

/** The number in E.164 from a dialling code and what was typed (a leading trunk 0 is dropped). */
export function composePhone(dialCode: string, national: string): string {
  const digits = national.replace(/[\s\-().]/g, '');
  if (digits.startsWith('+')) return digits;
  return `${dialCode}${digits.replace(/^0+/, '')}`;
}

function describe(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'RATE_LIMITED' && error.retryAfterSeconds)
      return `${error.message} Wait ${error.retryAfterSeconds} seconds before asking again.`;
    if (error.status !== 0) return error.message;
  } else if (error instanceof Error && error.message.includes('bot check')) {
    return error.message;
  }
  return 'Something went wrong. Check your connection and try again.';
}

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

type Sent = { phone: string; requestId: string; resendAt: number };

export interface PhoneSignInFormProps {
  onSuccess: (user: SessionUser) => void;
  /** The one kind of user this form signs in (the dashboard's administrators by default). */
  userType?: UserType;
  /** Stores the session (each app keeps its own keys); the dashboard's by default. */
  startSession?: (accessToken: string, user: SessionUser) => void;
  /** What someone of another kind is told instead (by their kind, when a function). */
  wrongRole?: WrongRoleFeedback;
  /** On the alert, for tests. */
  errorTestId?: string;
}

/** Sign-in by SMS code, behind an invisible proof-of-work bot check solved in the page. */
export function PhoneSignInForm({
  onSuccess,
  userType = 'admin',
  startSession = startDashboardSession,
  wrongRole = dashboardWrongRole,
  errorTestId = 'login-error',
}: PhoneSignInFormProps) {
  const requestCode = useRequestPhoneCode();
  const signIn = usePhoneSignIn();
  const [sent, setSent] = useState<Sent | null>(null);
  const [failure, setFailure] = useState<{ title: string; message: ReactNode; refused?: boolean } | null>(
    null,
  );
  const secondsLeft = useSecondsUntil(sent?.resendAt ?? 0);

  const phoneForm = useForm({
    mode: 'controlled',
    initialValues: { country: '+91', number: '' },
    validate: {
      number: (value, values) => {
        if (!value.trim()) return 'Phone number is required';
        return signInPhoneSchema.safeParse(composePhone(values.country, value)).success
          ? null
          : PHONE_MESSAGE;
      },
    },
    validateInputOnBlur: true,
  });
  const codeForm = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: {
      code: (v) => (oneTimeCodeSchema.safeParse(v).success ? null : 'Enter the 6-digit code from the SMS'),
    },
  });

  const send = async (phone: string) => {
    setFailure(null);
    try {
      const answer = await requestCode.mutateAsync(phone);
      setSent({
        phone,
        requestId: answer.requestId,
        resendAt: Date.now() + answer.resendAfterSeconds * 1000,
      });
      codeForm.reset();
    } catch (error) {
      if (isApiError(error)) {
        const fields = error.fieldErrors();
        if (fields.phone) phoneForm.setErrors({ number: fields.phone });
      }
      setFailure({ title: 'The code could not be sent', message: describe(error) });
    }
  };

  const handlePhone = phoneForm.onSubmit((values) => send(composePhone(values.country, values.number)));

  const handleCode = codeForm.onSubmit(async (values) => {
    if (!sent) return;
    setFailure(null);
    try {
      const result = await signIn.mutateAsync({
        phone: sent.phone,
        code: values.code.trim(),
        requestId: sent.requestId,
      });
      if (result.user.userType !== userType) {
        // Store nothing, and revoke the session the server just issued.
        await logout(result.accessToken).catch(() => undefined);
        setFailure({ ...wrongRoleFor(wrongRole, result.user.userType), refused: true });
        return;
      }
      startSession(result.accessToken, result.user);
      onSuccess(result.user);
    } catch (error) {
      const fields = isApiError(error) ? error.fieldErrors() : {};
      if (fields.code) codeForm.setErrors(fields);
      else setFailure({ title: 'Sign-in failed', message: describe(error) });
    }
  });

  const feedback = failure ? (
    <Alert
      color={failure.refused ? 'brand' : 'red'}
      variant="light"
      title={failure.title}
      icon={failure.refused ? <IconInfoCircle aria-hidden="true" /> : <IconAlertCircle aria-hidden="true" />}
      data-testid={errorTestId}
    >
      {failure.message}
    </Alert>
  ) : null;

  if (!sent) {
    return (
      <form onSubmit={handlePhone} noValidate aria-label="Sign in with phone">
        <Stack gap="md">
          {feedback}
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <Select
              label="Country"
              data={COUNTRIES}
              allowDeselect={false}
              size="md"
              w={150}
              comboboxProps={{ width: 280, position: 'bottom-start' }}
              renderOption={({ option }) => option.label}
              {...phoneForm.getInputProps('country')}
            />
            <TextInput
              label="Phone number"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="98200 10001"
              size="md"
              style={{ flex: 1 }}
              leftSection={<IconPhone size={18} aria-hidden="true" />}
              {...phoneForm.getInputProps('number')}
            />
          </Group>
          <Text size="xs" c="dimmed">
            A quick automatic check runs in your browser before the code is sent; there is nothing to solve.
          </Text>
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={requestCode.isPending}
            aria-busy={requestCode.isPending}
          >
            Send code
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={handleCode} noValidate aria-label="Confirm the phone sign-in">
      <Stack gap="md">
        {feedback}
        <Text size="sm">
          If <strong>{sent.phone}</strong> belongs to an active account, we sent it a 6-digit code by SMS. It
          is valid for 10 minutes.
        </Text>
        <TextInput
          label="SMS code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="123456"
          size="md"
          styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
          {...codeForm.getInputProps('code')}
        />
        <Button type="submit" size="md" fullWidth loading={signIn.isPending}>
          Sign in with code
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={() => setSent(null)}>
            Use another number
          </Anchor>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => send(sent.phone)}
            disabled={secondsLeft > 0}
            loading={requestCode.isPending}
          >
            {secondsLeft > 0
              ? `Resend code in ${Math.floor(secondsLeft / 60)}:${String(secondsLeft % 60).padStart(2, '0')}`
              : 'Resend code'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
