import { Paper, Skeleton, Stack } from '@mantine/core';

interface ListSkeletonProps {
  /** Names the placeholder for tests (`<list>-loading`). */
  testId: string;
  rows?: number;
  rowHeight?: number;
}

/** What a list shows while its first page loads: grey rows where the table will be. */
export function ListSkeleton({ testId, rows = 6, rowHeight = 40 }: ListSkeletonProps) {
  return (
    <Paper withBorder bg="white" p="md" aria-busy="true" data-testid={testId}>
      <Stack gap="sm">
        {Array.from({ length: rows }, (_, n) => n).map((row) => (
          <Skeleton key={row} height={rowHeight} />
        ))}
      </Stack>
    </Paper>
  );
}
