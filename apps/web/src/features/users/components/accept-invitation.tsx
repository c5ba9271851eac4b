import {
  type AcceptInvitationResponse,
  acceptInvitationBodySchema,
  passwordNotEmail,
} from '@inspecta/contract';
import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { INSPECTOR_APP_PATH, PORTAL_PATH, PRODUCT_NAME } from '@/config/app';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitation } from '../api/get-invitation';

const formSchema = z
  .object({
    email: z.string(),
    password: acceptInvitationBodySchema.shape.password,
    confirmPassword: z.string(),
  })
  .refine((v) => passwordNotEmail(v), { path: ['password'], message: 'The password must not be your email' })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two passwords are not the same',
  });

type FormValues = z.input<typeof formSchema>;

function Done({ userType }: { userType: AcceptInvitationResponse['userType'] }) {
  return (
    <Stack gap="md" data-testid="invitation-accepted">
      <Alert
        color="green"
        variant="light"
        icon={<IconCircleCheck aria-hidden="true" />}
        title="Your password is set"
      >
        {userType === 'admin'
          ? `Sign in to ${PRODUCT_NAME} with your email and the password you just chose.`
          : userType === 'inspector'
            ? `Sign in to the ${PRODUCT_NAME} inspector app at ${INSPECTOR_APP_PATH} with your email and this password. The dashboard is for administrators.`
            : `Sign in to the ${PRODUCT_NAME} client portal at ${PORTAL_PATH} with your email and this password: your sites, reports and certificates are there.`}
      </Alert>
      {userType === 'admin' ? (
        <Button component={Link} to={paths.login} replace>
          Continue to sign in
        </Button>
      ) : userType === 'client' ? (
        <Button component={Link} to={PORTAL_PATH} replace>
          Continue to the client portal
        </Button>
      ) : null}
    </Stack>
  );
}

/** /accept-invitation?token=…: the invited person chooses a password. Nobody is signed in. */
export function AcceptInvitation({ token }: { token: string }) {
  const info = useInvitation(token);
  const accept = useAcceptInvitation();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<AcceptInvitationResponse | null>(null);

  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { email: '', password: '', confirmPassword: '' },
    validate: (values) => zod4Resolver(formSchema)({ ...values, email: info.data?.email ?? '' }),
    validateInputOnBlur: true,
  });

  if (!token) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} title="No invitation">
        This page needs the link from your invitation email. Open the link from the email again.
      </Alert>
    );
  }
  if (info.isPending) {
    return (
      <Stack align="center" py="xl">
        <Loader role="status" aria-label="Checking your invitation" />
      </Stack>
    );
  }
  if (done) return <Done userType={done.userType} />;
  if (info.isError || !info.data) {
    return (
      <Stack gap="md">
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden="true" />}
          title="This link cannot be used"
          data-testid="invitation-invalid"
        >
          {isApiError(info.error) && info.error.status !== 0
            ? info.error.message
            : 'The invitation could not be checked. Try again in a moment.'}
        </Alert>
        <Anchor component={Link} to={paths.login} size="sm">
          Go to the sign-in page
        </Anchor>
      </Stack>
    );
  }

  const handleSubmit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      setDone(await accept.mutateAsync({ token, password: values.password }));
    } catch (error) {
      if (isApiError(error)) {
        const fieldErrors = error.fieldErrors();
        form.setErrors(fieldErrors);
        if (!fieldErrors.password) setFailure(error.message);
      } else {
        setFailure('Something went wrong. Please try again.');
      }
    }
  });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Welcome, {info.data.firstName}</Title>
        <Text c="dimmed" size="sm" mt={6}>
          Choose a password for <strong>{info.data.email}</strong>. At least 10 characters, not a common
          password and not your email.
        </Text>
      </div>
      <form onSubmit={handleSubmit} noValidate aria-label="Choose a password">
        <Stack gap="md">
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
              {failure}
            </Alert>
          ) : null}
          <input
            type="email"
            name="username"
            autoComplete="username"
            value={info.data.email}
            readOnly
            hidden
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            size="md"
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Repeat the password"
            autoComplete="new-password"
            size="md"
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" size="md" loading={accept.isPending}>
            Set password
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
