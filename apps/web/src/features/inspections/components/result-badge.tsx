import type { InspectionResult } from '@inspecta/contract';
import { Badge, type BadgeProps, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { failedItemsLabel, resultColours } from '../lib/format';

interface ResultBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  result: InspectionResult;
}

/** Pass (green) or Fail (red), with an icon so the result does not rest on colour alone. */
export function ResultBadge({ result, ...rest }: ResultBadgeProps) {
  const pass = result === 'pass';
  const Icon = pass ? IconCircleCheck : IconAlertTriangle;
  return (
    <Badge
      color={pass ? resultColours.pass : resultColours.fail}
      variant="filled"
      leftSection={<Icon size={14} aria-hidden="true" />}
      data-testid="result-badge"
      data-result={result}
      style={{ minWidth: 'max-content' }}
      {...rest}
    >
      {pass ? 'Pass' : 'Fail'}
    </Badge>
  );
}

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
