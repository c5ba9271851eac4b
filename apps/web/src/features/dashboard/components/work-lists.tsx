import type { DashboardActivity, DashboardAssignment, DashboardInspection } from '@inspecta/contract';
import { Anchor, Avatar, Badge, Box, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { describeDueOn, priorityLabels, priorityStyles } from '@/features/assignments';
import { formatDay } from '@/lib/dates';
import { formatDateTime, formatRelativeTime } from '@/utils/format-relative-time';
import { ChartPanel } from './chart-panel';
import classes from './dashboard.module.css';

function ListBody<T>({
  rows,
  loading,
  empty,
  render,
}: {
  rows: T[] | undefined;
  loading: boolean;
  empty: string;
  render: (row: T) => ReactNode;
}) {
  if (loading) {
    return (
      <Stack gap="sm">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={36} />
        ))}
      </Stack>
    );
  }
  if (!rows || rows.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="lg" ta="center">
        {empty}
      </Text>
    );
  }
  return <Stack gap={0}>{rows.map(render)}</Stack>;
}

function SeeAll({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Group justify="flex-end" mt="auto" pt="sm">
      <Anchor component={Link} to={to} size="sm" fw={500}>
        {children}
      </Anchor>
    </Group>
  );
}

function AssignmentRow({ row, today }: { row: DashboardAssignment; today: string }) {
  const overdue = row.daysOverdue > 0;
  return (
    <Link to={row.link} className={classes.row} data-testid="assignment-row">
      <Box className={classes.grow}>
        <Text size="sm" fw={500} truncate>
          {row.site.name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {row.site.siteCode} · {row.inspector.name} · {row.templateName}
        </Text>
      </Box>
      <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
        <Text size="xs" fw={600} c={overdue ? 'red.7' : undefined} style={{ whiteSpace: 'nowrap' }}>
          {describeDueOn(row.dueOn, today)}
        </Text>
        {row.priority === 'high' || row.priority === 'urgent' ? (
          <Badge size="xs" radius="sm" variant="filled" style={{ ...priorityStyles[row.priority] }}>
            {priorityLabels[row.priority]}
          </Badge>
        ) : (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatDay(row.dueOn)}
          </Text>
        )}
      </Stack>
    </Link>
  );
}

export function NextDueList({
  rows,
  today,
  loading,
}: {
  rows: DashboardAssignment[] | undefined;
  today: string;
  loading: boolean;
}) {
  return (
    <ChartPanel
      title="Next due"
      subtitle="Open assignments due from today, soonest first"
      testId="list-next-due"
    >
      <ListBody
        rows={rows}
        loading={loading}
        empty="Nothing is due: no open assignments from today on."
        render={(row) => <AssignmentRow key={row.id} row={row} today={today} />}
      />
      <SeeAll to="/dashboard/inspection-management">All open assignments</SeeAll>
    </ChartPanel>
  );
}

export function MostOverdueList({
  rows,
  today,
  loading,
}: {
  rows: DashboardAssignment[] | undefined;
  today: string;
  loading: boolean;
}) {
  return (
    <ChartPanel
      title="Most overdue"
      subtitle="Open assignments past their due date, longest first"
      testId="list-overdue"
    >
      <ListBody
        rows={rows}
        loading={loading}
        empty="No overdue assignments. Everything open is on time."
        render={(row) => <AssignmentRow key={row.id} row={row} today={today} />}
      />
      <SeeAll to="/dashboard/inspection-management?tab=overdue">All overdue assignments</SeeAll>
    </ChartPanel>
  );
}

export function LatestInspectionsList({
  rows,
  loading,
}: {
  rows: DashboardInspection[] | undefined;
  loading: boolean;
}) {
  return (
    <ChartPanel
      title="Latest inspections"
      subtitle="The most recently completed"
      testId="list-latest-inspections"
    >
      <ListBody
        rows={rows}
        loading={loading}
        empty="No inspections completed yet."
        render={(row) => (
          <Link key={row.id} to={row.link} className={classes.row} data-testid="inspection-row">
            <Box className={classes.grow}>
              <Text size="sm" fw={500} truncate>
                {row.site.name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {row.site.siteCode} · {row.inspector.name} · {formatDay(row.completedAt)}
              </Text>
            </Box>
            <Badge
              size="sm"
              radius="sm"
              variant="light"
              color={row.result === 'pass' ? 'teal' : 'red'}
              c={row.result === 'pass' ? 'teal.9' : 'red.9'}
              style={{ flexShrink: 0 }}
            >
              {row.result === 'pass' ? 'Pass' : `Fail · ${row.failedItems}`}
            </Badge>
          </Link>
        )}
      />
      <SeeAll to="/dashboard/inspection-management?tab=history">Inspection history</SeeAll>
    </ChartPanel>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

function ActivityRow({ row }: { row: DashboardActivity }) {
  const who = row.actor?.name ?? 'System';
  const content = (
    <>
      <Avatar size={32} radius="xl" color="brand" variant="light" aria-hidden="true">
        {row.actor ? initials(row.actor.name) : 'S'}
      </Avatar>
      <Box className={classes.grow}>
        <Text size="sm" lh={1.4}>
          <Text span fw={600}>
            {who}
          </Text>{' '}
          {row.verb}
          {row.object ? (
            <>
              {' '}
              <Text span fw={500} c={row.link ? 'brand.7' : undefined}>
                {row.object}
              </Text>
            </>
          ) : null}
        </Text>
        <Text size="xs" c="dimmed" title={formatDateTime(row.at)}>
          {formatRelativeTime(row.at)}
        </Text>
      </Box>
    </>
  );
  return row.link ? (
    <Link to={row.link} className={classes.row} data-testid="activity-row">
      {content}
    </Link>
  ) : (
    <div className={classes.row} data-testid="activity-row">
      {content}
    </div>
  );
}

export function RecentActivityList({
  rows,
  loading,
}: {
  rows: DashboardActivity[] | undefined;
  loading: boolean;
}) {
  return (
    <ChartPanel
      title="Recent activity"
      subtitle="Changes made by your team"
      testId="list-activity"
      action={
        <Anchor component={Link} to={paths.activity} size="sm">
          Activity log
        </Anchor>
      }
    >
      <ListBody
        rows={rows}
        loading={loading}
        empty="No changes recorded yet."
        render={(row) => <ActivityRow key={row.id} row={row} />}
      />
    </ChartPanel>
  );
}
