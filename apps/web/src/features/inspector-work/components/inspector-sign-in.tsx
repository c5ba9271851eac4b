import type { SessionUser } from '@inspecta/contract';
import { Anchor, Box, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { PasswordSignInForm } from '@/features/auth';
import { startInspectorSession } from '@/lib/session';
import classes from './inspector.module.css';

export const NOT_INSPECTOR_MESSAGE =
  'This area is for inspectors. Administrators sign in to the dashboard instead.';

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
            wrongRole={{
              title: 'Inspectors only',
              message: (
                <>
                  {NOT_INSPECTOR_MESSAGE}{' '}
                  <Anchor component={Link} to={paths.login} size="sm" fw={600}>
                    Go to the dashboard sign-in
                  </Anchor>
                </>
              ),
            }}
            label="Inspector sign-in"
            errorTestId="inspector-sign-in-error"
            size="lg"
          />
        </Stack>
      </Paper>
    </main>
  );
}
