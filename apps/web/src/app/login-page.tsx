import { Box, List, Paper, Stack, Tabs, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconMail, IconPhone } from '@tabler/icons-react';
import { Logo } from '@/components/ui/logo';
import { PRODUCT_NAME } from '@/config/app';
import { LazyPhoneSignInForm, LoginForm } from '@/features/auth';
import classes from './login-page.module.css';

const highlights = [
  'Every client site and its equipment in one register',
  'Inspections assigned, tracked and signed off on time',
  'Checklists and reports your clients can rely on',
];

interface LoginPageProps {
  /** Called once an administrator is signed in (the session is stored): go to the dashboard. */
  onSignedIn: () => void;
}

/**
 * The login page (SPEC.md). Rendered by the router's `/` route (`routes/login.tsx`) and, for a first
 * visit without a session, on its own before the rest of the app loads (`login-entry.tsx`), so it
 * uses no router: links come from `LinkComponentProvider`, and `onSignedIn` navigates.
 */
export function LoginPage({ onSignedIn }: LoginPageProps) {
  return (
    <div className={classes.page}>
      <Box component="aside" className={classes.aside} aria-label={`About ${PRODUCT_NAME}`}>
        <Logo size={36} inverted />
        <Stack gap="lg" maw={440}>
          <Text c="white" fz={30} fw={650} lh={1.25}>
            Sites, equipment and inspections, kept in order.
          </Text>
          <List
            spacing="sm"
            className={classes.asideText}
            icon={
              <ThemeIcon size={22} radius="xl" color="white" variant="filled" c="brand.8" aria-hidden="true">
                <IconCheck size={14} stroke={2.5} />
              </ThemeIcon>
            }
          >
            {highlights.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        </Stack>
        <Text size="sm" className={classes.asideText}>
          {PRODUCT_NAME} administration
        </Text>
      </Box>

      <main className={classes.main}>
        <Paper className={classes.card} withBorder shadow="sm" p={{ base: 'xl', sm: 40 }} bg="white">
          <Stack gap="xl">
            <Box hiddenFrom="md">
              <Logo size={32} />
            </Box>
            <Box>
              <Title order={1}>Sign in</Title>
              <Text c="dimmed" size="sm" mt={6}>
                Use your administrator account to manage sites, equipment and inspections.
              </Text>
            </Box>
            <Tabs defaultValue="email" keepMounted={false}>
              <Tabs.List grow mb="lg" aria-label="Sign in with">
                <Tabs.Tab value="email" leftSection={<IconMail size={16} aria-hidden="true" />}>
                  Email
                </Tabs.Tab>
                <Tabs.Tab value="phone" leftSection={<IconPhone size={16} aria-hidden="true" />}>
                  Phone
                </Tabs.Tab>
              </Tabs.List>
              {/* Panels named apart from their tabs: named "Email", the panel would answer to the
                  label of the email field too (names must not contain "Email" or "Password"). */}
              <VisuallyHidden id="login-panel-password-name">Sign in with account credentials</VisuallyHidden>
              <VisuallyHidden id="login-panel-sms-name">Sign in with a text message</VisuallyHidden>
              <Tabs.Panel value="email" aria-labelledby="login-panel-password-name">
                <LoginForm onSuccess={onSignedIn} />
              </Tabs.Panel>
              <Tabs.Panel value="phone" aria-labelledby="login-panel-sms-name">
                <LazyPhoneSignInForm onSuccess={onSignedIn} />
              </Tabs.Panel>
            </Tabs>
          </Stack>
        </Paper>
      </main>
    </div>
  );
}
