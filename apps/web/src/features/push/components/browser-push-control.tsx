import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useBrowserPush } from '../hooks/use-browser-push';
import type { BrowserPushState } from '../lib/push-registration';

const DESCRIPTIONS: Record<BrowserPushState, string> = {
  unsupported: 'This browser cannot show notifications from Inspecta.',
  insecure: 'Browser notifications need Inspecta to be opened over a secure (https://) address.',
  blocked:
    'Notifications are blocked for this site. Allow them in your browser’s site settings, then reload this page.',
  disabled:
    'Get a system notification on this device when something needs you, even when Inspecta is not open.',
  enabled: 'This device shows a system notification for each kind switched on under “Push” below.',
};

const BADGES: Partial<Record<BrowserPushState, { label: string; color: string }>> = {
  // Filled, in shades dark enough for AA contrast with white text.
  unsupported: { label: 'Not supported', color: 'gray.7' },
  insecure: { label: 'Not available', color: 'gray.7' },
  blocked: { label: 'Blocked', color: 'red.9' },
  enabled: { label: 'Enabled on this device', color: 'teal.9' },
};

/**
 * "Browser notifications" for this device. The browser is asked for permission only when the
 * user clicks Enable (SPEC.md 5), never when the page loads.
 */
export function BrowserPushControl({ deviceLabel }: { deviceLabel: string }) {
  const push = useBrowserPush();
  const badge = push.state ? BADGES[push.state] : undefined;

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="browser-push"
      aria-busy={push.state === null || push.busy}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ flex: '1 1 16rem' }}>
            <Group gap="xs">
              <Text fw={600} size="sm">
                Browser notifications
              </Text>
              {badge && (
                <Badge color={badge.color} variant="filled" radius="sm" data-testid="browser-push-status">
                  {badge.label}
                </Badge>
              )}
            </Group>
            {push.state === null ? (
              <Skeleton height={16} width="80%" />
            ) : (
              <Text size="sm" c="dimmed">
                {DESCRIPTIONS[push.state]}
              </Text>
            )}
          </Stack>
          {push.state === 'disabled' && (
            <Button
              leftSection={<IconBell size={16} aria-hidden="true" />}
              loading={push.busy}
              onClick={() => void push.enable(deviceLabel)}
            >
              Enable
            </Button>
          )}
          {push.state === 'enabled' && (
            <Button
              variant="default"
              leftSection={<IconBellOff size={16} aria-hidden="true" />}
              loading={push.busy}
              onClick={() => void push.disable()}
            >
              Disable
            </Button>
          )}
        </Group>
        {push.error && (
          <Alert color="red" variant="light" title="Browser notifications could not be changed" role="alert">
            {push.error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
