import {
  type EmailNotificationType,
  emailNotificationTypes,
  NOTIFICATION_TYPE_LABELS,
  type NotificationChannels,
  PASSWORD_MIN_LENGTH,
} from '@inspecta/contract';
import { Button, Group, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ChangePasswordForm } from '@/features/settings';
import { getPortalSession } from '@/lib/session';
import {
  usePortalChangePassword,
  usePortalNotificationPreferences,
  useUpdatePortalNotificationPreferences,
} from '../api/account';

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" bg="white" component="section" aria-labelledby={`${id}-heading`}>
      <Title order={2} size="h4" id={`${id}-heading`}>
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dark.4" mt={4}>
          {description}
        </Text>
      ) : null}
      <Stack gap="sm" mt="sm">
        {children}
      </Stack>
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="dark.4" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value || 'Not given'}
      </Text>
    </div>
  );
}

function PasswordForm() {
  const change = usePortalChangePassword();
  return <ChangePasswordForm change={change} columns={1} submitTestId="portal-change-password" />;
}

const channels: { key: keyof NotificationChannels; label: string }[] = [
  { key: 'inApp', label: 'In app' },
  { key: 'push', label: 'Push' },
  { key: 'email', label: 'E-mail' },
];

function PreferencesForm() {
  const query = usePortalNotificationPreferences();
  const update = useUpdatePortalNotificationPreferences();

  const toggle = (type: EmailNotificationType, channel: keyof NotificationChannels) => {
    const current = query.data?.preferences[type];
    if (!current) return;
    // The e-mail flag is on unless the server says otherwise (contract settings.ts).
    const value = channel === 'email' ? current.email !== false : current[channel];
    update.mutate(
      { [type]: { ...current, [channel]: !value } },
      {
        onSuccess: () => notifications.show({ color: 'green', message: 'Notification preferences saved' }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'Could not save the preference',
            message: error.message,
          }),
      },
    );
  };

  if (query.isPending)
    return (
      <Stack gap="xs" aria-busy="true">
        {[0, 1, 2].map((k) => (
          <Skeleton key={k} height={48} />
        ))}
      </Stack>
    );
  if (query.isError || !query.data)
    return (
      <Group justify="space-between">
        <Text size="sm" c="dark.4">
          Your preferences could not be loaded.
        </Text>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconRefresh size={14} aria-hidden="true" />}
          onClick={() => void query.refetch()}
        >
          Try again
        </Button>
      </Group>
    );
  const { preferences } = query.data;
  return (
    <Stack gap={0} data-testid="portal-notification-preferences">
      {emailNotificationTypes.map((type, index) => {
        const label = NOTIFICATION_TYPE_LABELS[type];
        const current = preferences[type];
        return (
          <fieldset
            key={type}
            aria-labelledby={`preference-${type}`}
            style={{
              border: 0,
              margin: 0,
              minWidth: 0,
              padding: '12px 0',
              borderTop: index === 0 ? 'none' : '1px solid var(--mantine-color-gray-3)',
            }}
          >
            <Text id={`preference-${type}`} size="sm" fw={600} mb={8}>
              {label}
            </Text>
            <Group gap="lg">
              {channels.map((channel) => (
                <Switch
                  key={channel.key}
                  label={channel.label}
                  checked={channel.key === 'email' ? current.email !== false : Boolean(current[channel.key])}
                  onChange={() => toggle(type, channel.key)}
                  aria-label={`${label}: ${channel.label}`}
                  disabled={update.isPending}
                />
              ))}
            </Group>
          </fieldset>
        );
      })}
    </Stack>
  );
}

/** /portal/account: the client's contact details, their password and what reaches them, and how. */
export function AccountScreen() {
  const user = getPortalSession()?.user;
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Account
        </Title>
        <Text size="sm" c="dark.4" mt={4}>
          Your details, your password and the notifications you receive.
        </Text>
      </div>
      <Section
        id="account-details"
        title="Your details"
        description="To change them, ask your service provider."
      >
        <Fact label="Name" value={user ? `${user.firstName} ${user.lastName}` : null} />
        <Fact label="E-mail" value={user?.email ?? null} />
        <Fact label="Phone" value={user?.phone ?? null} />
      </Section>
      <Section
        id="account-password"
        title="Password"
        description={`At least ${PASSWORD_MIN_LENGTH} characters, not a common password and not your e-mail. Changing it signs you out everywhere else.`}
      >
        <PasswordForm />
      </Section>
      <Section
        id="account-notifications"
        title="Notifications"
        description="What reaches you in the portal, as browser notifications and by e-mail. Each switch saves at once."
      >
        <PreferencesForm />
      </Section>
    </Stack>
  );
}
