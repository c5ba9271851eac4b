import type { SessionUser, UserType } from '@inspecta/contract';
import { Anchor, Box, Paper, Stack, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { LazyPhoneSignInForm, PasswordSignInForm, type WrongRole } from '@/features/auth';
import { startPortalSession } from '@/lib/session';
import classes from './portal.module.css';

export const NOT_CLIENT_MESSAGE = 'The client portal is for clients.';

/** Staff who sign in here are sent to their own app; nothing is stored. */
export function portalWrongRole(userType: UserType): WrongRole {
  const inspector = userType === 'inspector';
  return {
    title: 'Clients only',
    message: (
      <>
        {NOT_CLIENT_MESSAGE}{' '}
        {inspector ? 'Inspectors use the inspector app.' : 'Administrators sign in to the dashboard.'}{' '}
        <Anchor component={Link} to={inspector ? paths.inspector : paths.login} size="sm" fw={600}>
          {inspector ? 'Go to the inspector app' : 'Go to the dashboard sign-in'}
        </Anchor>
      </>
    ),
  };
}

/**
 * The client portal's sign-in (/portal when signed out): email and password, or a code by SMS
 * behind the invisible bot check; "Forgot password?" is the shared reset. Clients only, with a
 * session of its own (portalAccessToken, portalUserData).
 */
export function PortalSignIn({ onSuccess }: { onSuccess: (user: SessionUser) => void }) {
  return (
    <main className={classes.signInPage}>
      <Paper className={classes.signInCard} withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <Logo size={32} />
          <Box>
            <Title order={1} size="h2">
              Client portal
            </Title>
            <Text c="dimmed" size="sm" mt={6}>
              Your sites’ compliance, inspection reports and certificates, at any hour.
            </Text>
          </Box>
          <Tabs defaultValue="email" keepMounted={false}>
            <Tabs.List grow mb="lg" aria-label="Sign in with">
              <Tabs.Tab value="email" leftSection={<IconMail size={16} aria-hidden="true" />}>
                Email
              </Tabs.Tab>
              <Tabs.Tab value="phone" leftSection={<IconPhone size={16} aria-hidden="true" />}>
                Sign in with phone
              </Tabs.Tab>
            </Tabs.List>
            {/* Panels named apart from their tabs (a panel named "Email" would answer to the field's label). */}
            <VisuallyHidden id="portal-panel-password-name">Sign in with account credentials</VisuallyHidden>
            <VisuallyHidden id="portal-panel-sms-name">Sign in with a text message</VisuallyHidden>
            <Tabs.Panel value="email" aria-labelledby="portal-panel-password-name">
              <PasswordSignInForm
                userType="client"
                startSession={startPortalSession}
                onSuccess={onSuccess}
                wrongRole={portalWrongRole}
                label="Client portal sign-in"
                errorTestId="portal-sign-in-error"
                size="lg"
              />
            </Tabs.Panel>
            <Tabs.Panel value="phone" aria-labelledby="portal-panel-sms-name">
              <LazyPhoneSignInForm
                userType="client"
                startSession={startPortalSession}
                onSuccess={onSuccess}
                wrongRole={portalWrongRole}
                errorTestId="portal-sign-in-error"
              />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      </Paper>
    </main>
  );
}
