import type { DashboardActivity, DashboardAssignment, DashboardInspection } from '@inspecta/contract';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SkeletonBlock } from '@/components/ui/skeleton-block';
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
          <SkeletonBlock key={i} height={36} />
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
  return <div>{rows.map(render)}</div>;
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

// The rows are plain elements with the CSS module's classes, not Mantine's Text, Box and Stack: the
// home draws some forty of them when its answer arrives, and each Mantine component runs its
// style-props machinery on every render (docs/performance.md, the dashboard's Lighthouse).

function AssignmentRow({ row, today }: { row: DashboardAssignment; today: string }) {
  return (
    <Link to={row.link} className={classes.row} data-testid="assignment-row">
      <span className={classes.grow}>
        <span className={classes.rowTitle}>{row.site.name}</span>
        <span className={classes.rowMeta}>
          {row.site.siteCode} · {row.inspector.name} · {row.templateName}
        </span>
      </span>
      <span className={classes.rowEnd}>
        <span className={classes.rowDue} data-overdue={row.daysOverdue > 0 || undefined}>
          {describeDueOn(row.dueOn, today)}
        </span>
        {row.priority === 'high' || row.priority === 'urgent' ? (
          <Badge size="xs" radius="sm" variant="filled" style={{ ...priorityStyles[row.priority] }}>
            {priorityLabels[row.priority]}
          </Badge>
        ) : (
          <span className={classes.rowDate}>{formatDay(row.dueOn)}</span>
        )}
      </span>
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
            <span className={classes.grow}>
              <span className={classes.rowTitle}>{row.site.name}</span>
              <span className={classes.rowMeta}>
                {row.site.siteCode} · {row.inspector.name} · {formatDay(row.completedAt)}
              </span>
            </span>
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
      <span className={classes.avatar} aria-hidden="true">
        {row.actor ? initials(row.actor.name) : 'S'}
      </span>
      <span className={classes.grow}>
        <span className={classes.activityText}>
          <span className={classes.strong}>{who}</span> {row.verb}
          {row.object ? (
            <>
              {' '}
              <span className={classes.activityObject} data-linked={row.link ? true : undefined}>
                {row.object}
              </span>
            </>
          ) : null}
        </span>
        <span className={classes.rowMeta} title={formatDateTime(row.at)}>
          {formatRelativeTime(row.at)}
        </span>
      </span>
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
