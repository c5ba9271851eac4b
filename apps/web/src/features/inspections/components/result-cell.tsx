import type { InspectionResult } from '@inspecta/contract';
import { Stack, Text } from '@mantine/core';
import { ResultBadge } from '@/components/ui/result-badge';
import { failedItemsLabel } from '../lib/format';

/** The badge and, for a failed inspection, how many items failed. */
export function ResultCell({ result, failedItems }: { result: InspectionResult; failedItems: number }) {
  return (
    <Stack gap={4} align="flex-start">
      <ResultBadge result={result} />
      {result === 'fail' && failedItems > 0 ? (
        <Text size="xs" c="red.9" fw={600}>
          {failedItemsLabel(failedItems)}
        </Text>
      ) : null}
    </Stack>
  );
}
