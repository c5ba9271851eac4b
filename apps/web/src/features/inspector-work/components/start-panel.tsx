import type { InspectorAssignmentDetail } from '@inspecta/contract';
import { Anchor, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { describeDueOn, priorityLabels, priorityStyles } from '@/features/assignments';
import { formatDay, todayIso } from '@/lib/dates';
import { plural } from '@/lib/plural';
import { mapSearchUrl, telHref } from '../lib/schedule';

/** Before starting: where, whom to call, what will be checked. */
export function StartPanel({ assignment }: { assignment: InspectorAssignmentDetail }) {
  const { site } = assignment;
  const itemCount = assignment.content.sections.reduce((n, s) => n + s.items.length, 0);
  return (
    <Stack gap="md" data-testid="start-panel">
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Title order={2} size="h3">
                {site.name}
              </Title>
              <Text size="sm" c="dimmed" ff="monospace">
                {site.siteCode}
              </Text>
            </div>
            <Badge variant="light" radius="sm" style={priorityStyles[assignment.priority]}>
              {priorityLabels[assignment.priority]}
            </Badge>
          </Group>
          <Text size="sm" fw={assignment.overdue ? 700 : 500} c={assignment.overdue ? 'red.8' : undefined}>
            {describeDueOn(assignment.dueOn, todayIso())} · due {formatDay(assignment.dueOn)} (scheduled{' '}
            {formatDay(assignment.scheduledFor)})
          </Text>
          {site.address ? (
            <Anchor href={mapSearchUrl(site.address)} target="_blank" rel="noreferrer" size="sm">
              {site.address}
            </Anchor>
          ) : null}
          {site.contactPhone ? (
            <Text size="sm">
              {site.contactName ?? 'Site contact'} ·{' '}
              <Anchor href={telHref(site.contactPhone)} fw={600}>
                {site.contactPhone}
              </Anchor>
            </Text>
          ) : null}
          {assignment.notes ? (
            <Text size="sm" fs="italic" c="dark.5">
              “{assignment.notes}”
            </Text>
          ) : null}
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Text fw={700}>{assignment.template.name}</Text>
        <Text size="sm" c="dimmed">
          {assignment.category.name} · version {assignment.template.version} · {plural(itemCount, 'item')} per{' '}
          {assignment.units.length ? 'unit' : 'site'}
        </Text>
        {assignment.units.length ? (
          <>
            <Text size="sm" fw={600} mt="sm">
              {plural(assignment.units.length, 'unit')} to inspect
            </Text>
            <List size="sm" mt={4} spacing={2}>
              {assignment.units.map((unit) => (
                <List.Item key={unit.id}>
                  {unit.name}{' '}
                  <Text span c="dimmed" size="xs">
                    {[unit.assetTag, unit.location].filter(Boolean).join(' · ')}
                  </Text>
                </List.Item>
              ))}
            </List>
          </>
        ) : (
          <Text size="sm" mt="sm">
            One checklist for the whole site.
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
