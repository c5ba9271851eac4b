import { Group, Text } from '@mantine/core';
import { formatCountOf } from '@/utils/format-count';
import { Pager } from './pager';

interface ListFooterProps {
  page: number;
  limit: number;
  total: number;
  /** The server stopped counting at `total` (more rows match): shown as "10,000+". */
  totalIsCapped?: boolean | undefined;
  onPage: (page: number) => void;
  noun: [singular: string, plural: string];
}

/** "Showing 21–40 of 412 units" (or "of 10,000+") and the pager. */
export function ListFooter({ page, limit, total, totalIsCapped = false, onPage, noun }: ListFooterProps) {
  const pages = Math.max(1, Math.ceil(total / limit));
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return (
    <Group justify="space-between" gap="sm" mt="md" wrap="wrap">
      <Text size="sm" c="dimmed" data-testid="list-range">
        {total === 0
          ? `No ${noun[1]}`
          : `Showing ${first.toLocaleString('en-IN')}–${last.toLocaleString('en-IN')} of ${formatCountOf(total, totalIsCapped, noun)}`}
      </Text>
      {pages > 1 ? (
        <Pager total={pages} value={Math.min(page, pages)} onChange={onPage} size="sm" siblings={1} />
      ) : null}
    </Group>
  );
}
