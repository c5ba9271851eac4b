import { Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconCloudOff } from '@tabler/icons-react';
import type { SaveState } from '../hooks/use-inspection-draft';

interface SaveStatusProps {
  state: SaveState;
  error: string | null;
  onRetry: () => void;
}

/** Where the answers are: on the server, on their way, or only on this device (and why). */
export function SaveStatus({ state, error, onRetry }: SaveStatusProps) {
  return (
    <Group
      gap={6}
      wrap="nowrap"
      role="status"
      aria-live="polite"
      data-testid="save-status"
      data-state={state}
    >
      {state === 'saved' ? (
        <>
          <IconCloudCheck size={16} aria-hidden="true" />
          <Text size="xs" c="white" fw={600}>
            Saved
          </Text>
        </>
      ) : state === 'saving' ? (
        <>
          <Loader size={12} color="white" aria-hidden="true" />
          <Text size="xs" c="white" fw={600}>
            Saving…
          </Text>
        </>
      ) : state === 'offline' ? (
        <>
          <IconCloudOff size={16} aria-hidden="true" />
          <Text size="xs" c="white" fw={600}>
            Offline — saved on this device
          </Text>
        </>
      ) : (
        <>
          <IconAlertTriangle size={16} aria-hidden="true" />
          <Text size="xs" c="white" fw={600} title={error ?? undefined}>
            Not saved to the server — kept on this device
          </Text>
          <Button size="compact-xs" variant="white" color="dark" onClick={onRetry}>
            Retry
          </Button>
        </>
      )}
    </Group>
  );
}
