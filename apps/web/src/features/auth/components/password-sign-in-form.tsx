import type { LoginBody, SessionUser, UserType } from '@inspecta/contract';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle, IconLock, IconMail } from '@tabler/icons-react';
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useLinkComponent } from '@/components/ui/link-component';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { plural } from '@/lib/plural';
import { login } from '../api/login';
import { logout } from '../api/logout';

type Feedback =
  | { kind: 'error'; title: string; message: string }
  | { kind: 'wrong-role'; userType: UserType };

/** What someone who may not enter here is told: a title and a message (which may hold a link). */
export interface WrongRole {
  title: string;
  message: ReactNode;
}

/** The same words for everyone refused, or words chosen by who signed in (a client is sent elsewhere). */
export type WrongRoleFeedback = WrongRole | ((userType: UserType) => WrongRole);

export function wrongRoleFor(feedback: WrongRoleFeedback, userType: UserType): WrongRole {
  return typeof feedback === 'function' ? feedback(userType) : feedback;
}

type LoginSchema = typeof import('../lib/login-schema');

let loginSchema: LoginSchema | null = null;
let loadingLoginSchema: Promise<LoginSchema> | null = null;

/**
 * The shared login schema, and zod with it, loads once the form shows rather than before it
 * (docs/performance.md). Until it is there a field's check on blur is skipped; a submit waits for it.
 */
function loadLoginSchema(): Promise<LoginSchema> {
  loadingLoginSchema ??= import('../lib/login-schema').then(
    ({ loginBodySchema, validateLogin }) => {
      loginSchema = { loginBodySchema, validateLogin };
      return loginSchema;
    },
    (error: unknown) => {
      loadingLoginSchema = null; // tried again on the next submit
      throw error;
    },
  );
  return loadingLoginSchema;
}

type LoginErrors = Partial<Record<keyof LoginBody, ReactNode>>;

/** Only the fields that have a message (a check answers `{}` when all is well). */
function fieldsWithErrors(errors: Record<string, ReactNode>): LoginErrors {
  const result: LoginErrors = {};
  if (errors.email) result.email = errors.email;
  if (errors.password) result.password = errors.password;
  return result;
}

/**
 * The two fields' values and messages, checked as `@mantine/form` with `validateInputOnBlur` did
 * here (a field is checked when left, its message goes as it is edited, all are checked on submit),
 * without its code on the login page's first load (docs/performance.md).
 */
function useLoginFields(check: (values: LoginBody) => Record<string, ReactNode>) {
  const [values, setValues] = useState<LoginBody>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const latest = useRef(values);
  latest.current = values;

  const inputProps = (field: keyof LoginBody) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
      setErrors(({ [field]: _cleared, ...rest }) => rest);
    },
    onBlur: () => {
      const message = fieldsWithErrors(check(latest.current))[field];
      setErrors(({ [field]: _previous, ...rest }) => (message ? { ...rest, [field]: message } : rest));
    },
  });

  /** Checks every field; the values when all pass, else null (the messages show). */
  const validate = (): LoginBody | null => {
    const found = fieldsWithErrors(check(latest.current));
    setErrors(found);
    return Object.keys(found).length === 0 ? latest.current : null;
  };

  const setFieldErrors = (next: Record<string, ReactNode>) => setErrors(fieldsWithErrors(next));

  return { inputProps, validate, setFieldErrors };
}

function describeFailure(error: unknown): Feedback {
  if (!isApiError(error)) {
    return { kind: 'error', title: 'Sign-in failed', message: 'Something went wrong. Please try again.' };
  }
  if (error.code === 'RATE_LIMITED') {
    const wait = error.retryAfterSeconds;
    return {
      kind: 'error',
      title: 'Too many attempts',
      message: wait ? `${error.message} Try again in ${plural(wait, 'second')}.` : error.message,
    };
  }
  return { kind: 'error', title: 'Sign-in failed', message: error.message };
}

export interface PasswordSignInFormProps {
  /** The one kind of user this form signs in; anyone else is told so and gets no session. */
  userType: UserType;
  /** Stores the session (each app keeps its own keys). */
  startSession: (accessToken: string, user: SessionUser) => void;
  /** Called once the session is stored. */
  onSuccess: (user: SessionUser) => void;
  /** What someone of another kind is told instead (by their kind, when a function). */
  wrongRole: WrongRoleFeedback;
  /** The form's accessible name. */
  label: string;
  /** On the alert, for tests. */
  errorTestId: string;
  /** `lg` for the phone-first inspector app: larger targets, the reset link under the button. */
  size?: 'md' | 'lg';
}

/**
 * Email and password against POST /api/auth/login, validated with the shared login schema, with
 * the server's message (and a rate limit's wait) on failure. Used by the dashboard's sign-in and
 * the inspector app's, which differ only in who may enter and where the session is kept.
 */
export function PasswordSignInForm({
  userType,
  startSession,
  onSuccess,
  wrongRole,
  label,
  errorTestId,
  size = 'md',
}: PasswordSignInFormProps) {
  const Link = useLinkComponent();
  const [submitting, setSubmitting] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const form = useLoginFields((values) => loginSchema?.validateLogin(values) ?? {});

  useEffect(() => {
    loadLoginSchema().catch(() => undefined);
  }, []);

  const submit = async () => {
    const values = form.validate();
    if (!values) return;
    setFeedback(null);
    setSubmitting(true);
    try {
      const schema = await loadLoginSchema();
      const result = await login(schema.loginBodySchema.parse(values));
      if (result.user.userType !== userType) {
        // Store nothing, and revoke the session the server just issued.
        await logout(result.accessToken).catch(() => undefined);
        setFeedback({ kind: 'wrong-role', userType: result.user.userType });
        return;
      }
      startSession(result.accessToken, result.user);
      onSuccess(result.user);
    } catch (error) {
      if (isApiError(error)) form.setFieldErrors(error.fieldErrors());
      setFeedback(describeFailure(error));
    } finally {
      setSubmitting(false);
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    loadLoginSchema().then(
      () => submit(),
      (error: unknown) => setFeedback(describeFailure(error)),
    );
  };

  const alert =
    feedback?.kind === 'error'
      ? { ...feedback, color: 'red', icon: <IconAlertCircle aria-hidden="true" /> }
      : feedback?.kind === 'wrong-role'
        ? {
            ...wrongRoleFor(wrongRole, feedback.userType),
            color: 'brand',
            icon: <IconInfoCircle aria-hidden="true" />,
          }
        : null;

  const forgotPassword = (
    <Anchor component={Link} to={paths.forgotPassword} size="sm" ta={size === 'lg' ? 'center' : undefined}>
      Forgot password?
    </Anchor>
  );

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={label}>
      <Stack gap="md">
        {alert ? (
          <Alert
            color={alert.color}
            variant="light"
            title={alert.title}
            icon={alert.icon}
            data-testid={errorTestId}
          >
            {alert.message}
          </Alert>
        ) : null}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder="you@company.com"
          size={size}
          leftSection={<IconMail size={18} aria-hidden="true" />}
          {...form.inputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          placeholder="Your password"
          size={size}
          leftSection={<IconLock size={18} aria-hidden="true" />}
          {...form.inputProps('password')}
        />
        {size === 'md' ? (
          <Group justify="flex-end" mt={-6}>
            {forgotPassword}
          </Group>
        ) : null}
        <Button type="submit" size={size} fullWidth loading={submitting} aria-busy={submitting} mt="xs">
          Sign in
        </Button>
        {size === 'lg' ? forgotPassword : null}
      </Stack>
    </form>
  );
}
