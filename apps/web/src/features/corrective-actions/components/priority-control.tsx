import { assignmentPriorities, type CorrectiveActionPriority } from '@inspecta/contract';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { priorityLabels } from '@/features/assignments';

/** The four priorities as one labelled choice. */
export function PriorityControl({
  id,
  value,
  onChange,
}: {
  id: string;
  value: CorrectiveActionPriority;
  onChange: (value: CorrectiveActionPriority) => void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        Priority
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        value={value}
        onChange={(next) => onChange(next as CorrectiveActionPriority)}
        data={assignmentPriorities.map((p) => ({ value: p, label: priorityLabels[p] }))}
      />
    </Stack>
  );
}
