import { Anchor, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDay, todayIso } from '@/lib/dates';
import { useAssignments } from '../api/get-assignments';
import { describeDueOn, statusLabels } from '../lib/format';

const SHOWN = 5;

/**
 * An inspector's open work (assigned and in progress), soonest due first, for the user detail
 * drawer: the few next jobs and a link to all of them in Inspection Management.
 */
export function InspectorAssignments({ inspectorId }: { inspectorId: number }) {
  const query = useAssignments({
    inspector_id: inspectorId,
    status: 'active',
    sort: 'dueOn',
    page: 1,
    limit: SHOWN,
  });
  const today = todayIso();
  const allLink = `${paths.inspectionManagement}?inspector=${inspectorId}`;

  if (query.isPending) {
    return (
      <Stack gap={6} aria-busy="true">
        <Skeleton height={14} width="70%" />
        <Skeleton height={14} width="55%" />
      </Stack>
    );
  }
  // A failed fetch reads as an empty list (SPEC.md 8).
  const rows = query.data?.assigned_sites ?? [];
  const total = query.data?.pagination.total ?? 0;
  if (!rows.length) {
    return (
      <Text size="sm" c="dimmed" data-testid="inspector-assignments-empty">
        No open assignments.
      </Text>
    );
  }
  return (
    <Stack gap="xs" data-testid="inspector-assignments">
      <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {rows.map((a) => (
          <Group key={a.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {a.site.name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {a.site.siteCode} · {a.template.name} · {formatDay(a.dueOn)}
              </Text>
            </Stack>
            <Group gap={4} wrap="nowrap">
              {a.overdue ? (
                <Badge color="red" variant="filled" size="sm">
                  {describeDueOn(a.dueOn, today)}
                </Badge>
              ) : (
                <Badge color={a.status === 'in_progress' ? 'blue' : 'gray'} variant="dot" size="sm">
                  {statusLabels[a.status]}
                </Badge>
              )}
            </Group>
          </Group>
        ))}
      </Stack>
      <Anchor component={Link} to={allLink} size="sm">
        {total > rows.length ? `All ${total} open assignments` : 'Open in Inspection Management'}
      </Anchor>
    </Stack>
  );
}
