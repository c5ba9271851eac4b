import type { ActiveSession } from '@inspecta/contract';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconDeviceDesktop, IconDeviceMobile, IconLogout, IconRefresh } from '@tabler/icons-react';
import { plural } from '@/lib/plural';
import { formatDateTime, formatRelativeTime } from '@/utils/format-relative-time';
import { useSessions, useSignOutOtherSessions } from '../api/sessions';
import { describeUserAgent } from '../lib/describe-user-agent';
import { SettingsCard } from './settings-card';

function SessionRow({ session }: { session: ActiveSession }) {
  const device = describeUserAgent(session.userAgent);
  const mobile = /iPhone|Android|iPad/.test(device);
  const Icon = mobile ? IconDeviceMobile : IconDeviceDesktop;
  return (
    <Group gap="md" wrap="nowrap" align="flex-start" data-testid="session-row">
      <ThemeIcon variant="light" color={session.current ? 'brand' : 'gray'} radius="xl" size={36}>
        <Icon size={18} aria-hidden="true" />
      </ThemeIcon>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {device}
          </Text>
          {session.current ? (
            <Badge size="xs" variant="light" color="brand">
              This device
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed" mt={2}>
          {session.ipAddress ?? 'Unknown address'} · signed in {formatDateTime(session.createdAt)} · last
          active{' '}
          <time dateTime={session.lastUsedAt} title={formatDateTime(session.lastUsedAt)}>
            {formatRelativeTime(session.lastUsedAt)}
          </time>
        </Text>
      </div>
    </Group>
  );
}

/** Where I am signed in, with "Sign out other sessions". */
export function SessionsSection() {
  const query = useSessions();
  const signOut = useSignOutOtherSessions();
  const sessions = query.data?.sessions ?? [];
  const others = sessions.filter((s) => !s.current).length;

  const confirm = () =>
    modals.openConfirmModal({
      title: 'Sign out other sessions?',
      children: (
        <Text size="sm">
          Every other browser and device signed in as you will be signed out at once. This one stays signed
          in.
        </Text>
      ),
      labels: { confirm: 'Sign out others', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        signOut.mutate(undefined, {
          onSuccess: (result) => notifications.show({ color: 'green', message: result.message }),
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: 'Could not sign out the other sessions',
              message: error.message,
            }),
        }),
    });

  return (
    <SettingsCard
      id="sessions"
      title="Active sessions"
      description="Browsers and devices signed in as you. Sign out the ones you do not recognise."
    >
      {query.isPending ? (
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Stack>
      ) : query.isError ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            The sessions could not be loaded.
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
      ) : (
        <Paper withBorder p="md" radius="md">
          <Stack gap="md">
            {sessions.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </Stack>
        </Paper>
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {others === 0 ? 'You are signed in only here.' : `${plural(others, 'other session')}.`}
        </Text>
        <Button
          variant="light"
          color="red"
          leftSection={<IconLogout size={16} aria-hidden="true" />}
          onClick={confirm}
          disabled={others === 0}
          loading={signOut.isPending}
        >
          Sign out other sessions
        </Button>
      </Group>
    </SettingsCard>
  );
}
