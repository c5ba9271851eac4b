import type { CorrectiveActionHistoryEntry } from '@inspecta/contract';
import { Group, Paper, Text, Timeline, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { priorityLabels } from '@/features/assignments';
import { formatDay } from '@/lib/dates';
import { formatDateTime } from '@/utils/format-relative-time';
import { historyActionLabels, historyFieldLabels, historyValueText } from '../lib/format';

function valueFor(field: string, value: unknown): string {
  if ((field === 'dueOn' || field === 'due_on') && typeof value === 'string')
    return formatDay(value) || value;
  if (field === 'priority' && typeof value === 'string' && value in priorityLabels)
    return priorityLabels[value as keyof typeof priorityLabels];
  return historyValueText(value);
}

/** Every change of the action, oldest first: who, when, what changed from what to what. */
export function ActionHistory({ history }: { history: CorrectiveActionHistoryEntry[] }) {
  return (
    <Paper withBorder bg="white" p="md" component="section" aria-labelledby="action-history-heading">
      <Group gap={6} mb="sm">
        <IconHistory size={18} aria-hidden="true" />
        <Title order={2} fz="h4" id="action-history-heading">
          History
        </Title>
      </Group>
      {history.length === 0 ? (
        <Text size="sm" c="dimmed">
          No changes recorded yet.
        </Text>
      ) : (
        <Timeline bulletSize={12} lineWidth={2} active={history.length} data-testid="action-history">
          {history.map((entry) => {
            const fields = entry.action === 'created' ? [] : Object.entries(entry.changes);
            return (
              <Timeline.Item
                key={entry.id}
                title={historyActionLabels[entry.action] ?? entry.action}
                data-testid="action-history-entry"
                data-action={entry.action}
              >
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.at)}
                  {entry.actor ? ` · ${entry.actor.name}` : ' · Inspecta'}
                </Text>
                {fields.map(([field, change]) => (
                  <Text size="xs" key={field}>
                    {historyFieldLabels[field] ?? field}: {valueFor(field, change.from)} →{' '}
                    {valueFor(field, change.to)}
                  </Text>
                ))}
                {entry.note ? (
                  <Text size="xs" c="dark.6" fs="italic" style={{ overflowWrap: 'anywhere' }}>
                    {entry.note}
                  </Text>
                ) : null}
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </Paper>
  );
}
