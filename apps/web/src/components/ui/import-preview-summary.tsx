import { Badge, Group, Switch, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface ImportPreviewSummaryProps {
  /** What was checked: the file's name, and where its rows go when that matters. */
  title: ReactNode;
  valid: number;
  invalid: number;
  onlyErrors: boolean;
  onOnlyErrorsChange: (onlyErrors: boolean) => void;
}

/** The head of a sheet import's preview: the file, how many rows are ready and how many have errors. */
export function ImportPreviewSummary({
  title,
  valid,
  invalid,
  onlyErrors,
  onOnlyErrorsChange,
}: ImportPreviewSummaryProps) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <div>
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Group gap="xs" mt={4} data-testid="import-summary">
          <Badge
            color="teal"
            variant="light"
            c="#0b6b57"
            leftSection={<IconCheck size={12} aria-hidden="true" />}
          >
            {valid} ready
          </Badge>
          {invalid ? (
            <Badge color="red" variant="light" leftSection={<IconAlertCircle size={12} aria-hidden="true" />}>
              {invalid} with errors
            </Badge>
          ) : null}
        </Group>
      </div>
      {invalid ? (
        <Switch
          label="Only rows with errors"
          checked={onlyErrors}
          onChange={(event) => onOnlyErrorsChange(event.currentTarget.checked)}
        />
      ) : null}
    </Group>
  );
}
