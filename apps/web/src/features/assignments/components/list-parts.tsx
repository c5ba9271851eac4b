import { Button, Group, Pagination, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

interface ListFooterProps {
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
  noun: [singular: string, plural: string];
}

/** "Showing 21–40 of 412 assignments" and the pager. */
export function ListFooter({ page, limit, total, onPage, noun }: ListFooterProps) {
  const pages = Math.max(1, Math.ceil(total / limit));
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return (
    <Group justify="space-between" gap="sm" mt="md" wrap="wrap">
      <Text size="sm" c="dimmed" data-testid="list-range">
        {`Showing ${first.toLocaleString('en-IN')}–${last.toLocaleString('en-IN')} of ${total.toLocaleString('en-IN')} ${total === 1 ? noun[0] : noun[1]}`}
      </Text>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPage}
          size="sm"
          siblings={1}
          getControlProps={(control) => ({
            'aria-label': {
              first: 'First page',
              previous: 'Previous page',
              next: 'Next page',
              last: 'Last page',
            }[control],
          })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      ) : null}
    </Group>
  );
}

/** Under a list whose fetch failed (SPEC.md 8: shown empty): a way to load it again. */
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
