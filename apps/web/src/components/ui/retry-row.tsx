import { Button, Group } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

/**
 * Under a list whose fetch failed. SPEC.md 8: the list is shown empty, without a message; this
 * only offers to load it again.
 */
export function RetryRow({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Group justify="center" mt="sm">
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconRefresh size={16} aria-hidden="true" />}
        onClick={onRetry}
        loading={retrying}
        data-testid="list-retry"
      >
        Reload list
      </Button>
    </Group>
  );
}
