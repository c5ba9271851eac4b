import type { SessionUser, UserType } from '@inspecta/contract';
import { Anchor, Box, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { PasswordSignInForm, type WrongRole } from '@/features/auth';
import { startInspectorSession } from '@/lib/session';
import classes from './inspector.module.css';

export const NOT_INSPECTOR_MESSAGE =
  'This area is for inspectors. Administrators sign in to the dashboard instead.';
/** What a client signing in here is told: the client portal is theirs. */
export const NOT_INSPECTOR_CLIENT_MESSAGE =
  'This area is for inspectors. Clients sign in to the client portal instead.';

/** The inspector app's refusal: an administrator is sent to the dashboard, a client to the portal. */
export function inspectorWrongRole(userType: UserType): WrongRole {
  const client = userType === 'client';
  return {
    title: 'Inspectors only',
    message: (
      <>
        {client ? NOT_INSPECTOR_CLIENT_MESSAGE : NOT_INSPECTOR_MESSAGE}{' '}
        <Anchor component={Link} to={client ? paths.portal : paths.login} size="sm" fw={600}>
          {client ? 'Go to the client portal' : 'Go to the dashboard sign-in'}
        </Anchor>
      </>
    ),
  };
}

/**
 * The inspector app's sign-in: the shared email and password form, for inspectors only, with a
 * session kept apart from the dashboard's.
 */
export function InspectorSignIn({ onSuccess }: { onSuccess: (user: SessionUser) => void }) {
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
          <PasswordSignInForm
            userType="inspector"
            startSession={startInspectorSession}
            onSuccess={onSuccess}
            wrongRole={inspectorWrongRole}
            label="Inspector sign-in"
            errorTestId="inspector-sign-in-error"
            size="lg"
          />
        </Stack>
      </Paper>
    </main>
  );
}
