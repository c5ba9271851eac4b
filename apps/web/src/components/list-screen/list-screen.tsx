import { Button, Group, Stack, Text } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { RetryRow } from '@/components/ui/retry-row';
import { ListFilterBar } from './list-filters';

interface ListEmpty {
  icon: Icon;
  'data-testid'?: string;
  /** What the empty list says when the fetch worked (no rows yet, or none match the filters). */
  text: ReactNode;
  /**
   * When given, a failed fetch says this in the panel with a "Try again" button; without it the
   * panel keeps `text` and a "Reload list" row follows (SPEC.md 8).
   */
  failedText?: string;
}

interface ListScreenProps {
  /** The fields of the filter bar. */
  filters: ReactNode;
  filterGap?: 'sm' | 'md';
  /** The search box: it stays in view on a phone, where the filters fold behind a button. */
  search?: ReactNode;
  /** How many filters are set, counted on that button. */
  activeFilters?: number;
  query: { isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };
  rowCount: number;
  /** Shown while the first page loads, shaped like the rows to come. */
  skeleton: ReactNode;
  empty: ListEmpty;
  /** The table, shown when there are rows. */
  children: ReactNode;
  /** The count and pager under the list. */
  footer?: ReactNode;
}

/**
 * The body of a register screen under its page header: filter bar, then the loading skeleton, the
 * empty state or the table, then the footer.
 */
export function ListScreen({
  filters,
  filterGap,
  search,
  activeFilters,
  query,
  rowCount,
  skeleton,
  empty,
  children,
  footer,
}: ListScreenProps) {
  let body: ReactNode = children;
  if (query.isPending) body = skeleton;
  else if (rowCount === 0 && empty.failedText !== undefined)
    body = (
      <EmptyState icon={empty.icon} data-testid={empty['data-testid']}>
        {query.isError ? (
          <Stack align="center" gap="sm">
            <span>{empty.failedText}</span>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconRefresh size={14} aria-hidden="true" />}
              onClick={() => query.refetch()}
            >
              Try again
            </Button>
          </Stack>
        ) : (
          empty.text
        )}
      </EmptyState>
    );
  else if (rowCount === 0)
    body = (
      <>
        <EmptyState icon={empty.icon} data-testid={empty['data-testid']}>
          {empty.text}
        </EmptyState>
        {query.isError ? <RetryRow onRetry={() => void query.refetch()} retrying={query.isFetching} /> : null}
      </>
    );
  return (
    <>
      <ListFilterBar gap={filterGap} search={search} activeFilters={activeFilters}>
        {filters}
      </ListFilterBar>
      {body}
      {footer}
    </>
  );
}

interface ListCountProps {
  /** "45 categories" */
  text: ReactNode;
  pages: number;
  page: number;
  onPage: (page: number) => void;
}

/** The row count and, when there is more than one page, the pager. */
export function ListCount({ text, pages, page, onPage }: ListCountProps) {
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {text}
      </Text>
      {pages > 1 ? <Pager total={pages} value={page} onChange={onPage} /> : null}
    </Group>
  );
}
