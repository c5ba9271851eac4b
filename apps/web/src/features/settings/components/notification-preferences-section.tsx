import {
  configurableNotificationTypes,
  NOTIFICATION_TYPE_LABELS,
  type NotificationChannels,
} from '@inspecta/contract';
import { Button, Group, Skeleton, Stack, Switch, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { BrowserPushControl } from '@/features/push';
import {
  useNotificationPreferences,
  useUpdateNotificationPreferences,
} from '../api/notification-preferences';
import { describeUserAgent } from '../lib/describe-user-agent';
import { SettingsCard } from './settings-card';

/**
 * Which kinds I receive in the app and by push; each switch saves at once. Above the table, the
 * browser-notifications control turns push on or off for this device (docs/push.md): the "Push"
 * switches say which kinds reach the devices where it is on.
 */
export function NotificationPreferencesSection() {
  const query = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();

  const toggle = (
    type: (typeof configurableNotificationTypes)[number],
    channel: keyof NotificationChannels,
  ) => {
    const current = query.data?.preferences[type];
    if (!current) return;
    const next = { ...current, [channel]: !current[channel] };
    update.mutate(
      { [type]: next },
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

  return (
    <SettingsCard
      id="notifications"
      title="Notifications"
      description="Choose what reaches you in the app (the bell in the header and the notification list) and as browser notifications."
    >
      <BrowserPushControl deviceLabel={describeUserAgent(navigator.userAgent)} />
      {query.isPending ? (
        <Stack gap="xs" aria-busy="true">
          {[0, 1, 2, 3].map((k) => (
            <Skeleton key={k} height={28} />
          ))}
        </Stack>
      ) : query.isError || !query.data ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
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
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table verticalSpacing="sm" data-testid="notification-preferences">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th w={72} ta="center">
                  In app
                </Table.Th>
                <Table.Th w={72} ta="center">
                  Push
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {configurableNotificationTypes.map((type) => {
                const channels = query.data.preferences[type];
                const label = NOTIFICATION_TYPE_LABELS[type];
                return (
                  <Table.Tr key={type}>
                    <Table.Td>
                      <Text size="sm">{label}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group justify="center">
                        <Switch
                          checked={channels.inApp}
                          onChange={() => toggle(type, 'inApp')}
                          aria-label={`${label}: in app`}
                        />
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Group justify="center">
                        <Switch
                          checked={channels.push}
                          onChange={() => toggle(type, 'push')}
                          aria-label={`${label}: push`}
                        />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SettingsCard>
  );
}
