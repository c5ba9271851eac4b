import type { InspectorAssignment } from '@inspecta/contract';
import { Anchor, Badge, Box, Button, ColorSwatch, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBuilding, IconCalendarDue, IconChevronRight, IconMapPin, IconPhone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { inspectorAssignmentPath } from '@/config/paths';
import { describeDueOn, priorityLabels, priorityStyles, statusLabels } from '@/features/assignments';
import { formatDay } from '@/lib/dates';
import { plural } from '@/lib/plural';
import { mapSearchUrl, telHref } from '../lib/schedule';
import classes from './inspector.module.css';

function unitsLabel(count: number): string {
  if (count === 0) return 'Site-level';
  return plural(count, 'unit');
}

/** One open assignment in the inspector's list: where, whom to call, what to check, by when. */
export function AssignmentCard({ assignment, today }: { assignment: InspectorAssignment; today: string }) {
  const { site } = assignment;
  const inProgress = assignment.status === 'in_progress';
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      className={classes.card}
      data-overdue={assignment.overdue}
      data-testid="inspector-assignment"
      data-assignment-id={assignment.id}
      component="article"
      aria-label={`${site.name} (${site.siteCode})`}
    >
      <Stack gap={10}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Box style={{ minWidth: 0 }}>
            <Text fw={700} fz="lg" lh={1.3}>
              {site.name}
            </Text>
            <Text size="sm" c="dimmed" ff="monospace">
              {site.siteCode}
            </Text>
          </Box>
          <Badge
            variant="light"
            radius="sm"
            style={{ flexShrink: 0, ...priorityStyles[assignment.priority] }}
            data-testid="assignment-priority"
          >
            {priorityLabels[assignment.priority]}
          </Badge>
        </Group>

        <Group gap={8} wrap="nowrap" align="center">
          <IconCalendarDue size={18} aria-hidden="true" color="var(--mantine-color-gray-7)" />
          <Text size="sm" fw={assignment.overdue ? 700 : 500} c={assignment.overdue ? 'red.8' : undefined}>
            {describeDueOn(assignment.dueOn, today)}
            <Text span c="dimmed" fw={400}>
              {' '}
              · {formatDay(assignment.dueOn)}
            </Text>
          </Text>
        </Group>

        {site.address ? (
          <Group gap={8} wrap="nowrap" align="flex-start">
            <IconMapPin
              size={18}
              aria-hidden="true"
              color="var(--mantine-color-gray-7)"
              style={{ flexShrink: 0, marginTop: 2 }}
            />
            <Anchor href={mapSearchUrl(site.address)} target="_blank" rel="noreferrer" size="sm" lh={1.4}>
              {site.address}
            </Anchor>
          </Group>
        ) : null}

        {site.contactName || site.contactPhone ? (
          <Group gap={8} wrap="nowrap" align="center">
            <IconPhone size={18} aria-hidden="true" color="var(--mantine-color-gray-7)" />
            <Text size="sm">
              {site.contactName ?? 'Site contact'}
              {site.contactPhone ? (
                <>
                  {' · '}
                  <Anchor href={telHref(site.contactPhone)} fw={600}>
                    {site.contactPhone}
                  </Anchor>
                </>
              ) : null}
            </Text>
          </Group>
        ) : null}

        <Group gap={8} wrap="nowrap" align="center">
          <IconBuilding size={18} aria-hidden="true" color="var(--mantine-color-gray-7)" />
          <Text size="sm" lh={1.4}>
            {assignment.template.name}
            <Text span c="dimmed">
              {' '}
              · {unitsLabel(assignment.unitCount)}
            </Text>
          </Text>
        </Group>

        <Group gap={6}>
          <Badge
            variant="outline"
            color="gray"
            radius="sm"
            leftSection={<ColorSwatch color={assignment.category.colour} size={10} aria-hidden="true" />}
            styles={{ label: { color: 'var(--mantine-color-dark-6)' } }}
          >
            {assignment.category.name}
          </Badge>
          <Badge
            variant={inProgress ? 'filled' : 'light'}
            color={inProgress ? 'brand' : 'gray'}
            c={inProgress ? undefined : 'dark.6'}
            radius="sm"
          >
            {statusLabels[assignment.status]}
          </Badge>
          {assignment.overdue ? (
            <Badge color="red" variant="filled" radius="sm">
              Overdue
            </Badge>
          ) : null}
        </Group>

        {assignment.notes ? (
          <Text size="sm" c="dark.5" fs="italic" lineClamp={3}>
            “{assignment.notes}”
          </Text>
        ) : null}

        <Button
          component={Link}
          to={inspectorAssignmentPath(assignment.id)}
          size="md"
          fullWidth
          variant={inProgress ? 'filled' : 'light'}
          rightSection={<IconChevronRight size={18} aria-hidden="true" />}
          data-testid="assignment-open"
        >
          {inProgress ? 'Continue inspection' : 'Open'}
        </Button>
      </Stack>
    </Paper>
  );
}
