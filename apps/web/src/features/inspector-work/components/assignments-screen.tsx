import type { SessionUser } from '@inspecta/contract';
import { ActionIcon, Alert, Badge, Button, Group, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconAlertCircle, IconCalendarCheck, IconRefresh, IconScan } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { LogoMark } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { todayIso } from '@/lib/dates';
import { plural } from '@/lib/plural';
import { useInspectorAssignments } from '../api/get-assignments';
import { type AssignmentTab, assignmentTabs, groupAssignments } from '../lib/schedule';
import { AssignmentCard } from './assignment-card';
import classes from './inspector.module.css';
import { InspectorTopBar } from './inspector-top-bar';
import { InspectorAccountMenu } from './sign-out-button';

const tabLabels: Record<AssignmentTab, string> = { today: 'Today', upcoming: 'Upcoming', overdue: 'Overdue' };
const emptyText: Record<AssignmentTab, string> = {
  today: 'Nothing scheduled for today. Assignments scheduled for today or earlier appear here.',
  upcoming: 'No upcoming assignments. Work scheduled after today appears here.',
  overdue: 'Nothing overdue. Assignments past their due date appear here.',
};

function isTab(value: string | null): value is AssignmentTab {
  return (assignmentTabs as readonly string[]).includes(value ?? '');
}

/** The inspector's home: open assignments in Today / Upcoming / Overdue tabs (the tab is in ?view=). */
export function AssignmentsScreen({ user }: { user: SessionUser }) {
  const [params, setParams] = useSearchParams();
  const query = useInspectorAssignments();
  const today = todayIso();
  const groups = useMemo(() => groupAssignments(query.data?.assignments ?? [], today), [query.data, today]);
  const requested = params.get('view');
  // Without a choice, open where the work is most pressing.
  const tab: AssignmentTab = isTab(requested)
    ? requested
    : groups.overdue.length && !groups.today.length
      ? 'overdue'
      : 'today';

  return (
    <div className={classes.page}>
      <InspectorTopBar
        start={<LogoMark size={30} inverted />}
        title="My assignments"
        subtitle={`Signed in as ${user.firstName} ${user.lastName}`}
        end={
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              size={44}
              variant="subtle"
              color="white"
              onClick={() => void query.refetch()}
              loading={query.isFetching}
              aria-label="Refresh assignments"
              data-testid="assignments-refresh"
            >
              <IconRefresh size={22} aria-hidden="true" />
            </ActionIcon>
            <InspectorAccountMenu user={user} />
          </Group>
        }
      />
      <main className={classes.content}>
        <Button
          component={Link}
          to={paths.inspectorScan}
          size="md"
          variant="light"
          fullWidth
          mb="md"
          leftSection={<IconScan size={20} aria-hidden="true" />}
          data-testid="scan-label"
        >
          Scan label
        </Button>
        <Tabs
          value={tab}
          onChange={(value) => isTab(value) && setParams({ view: value }, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List grow mb="md" aria-label="Assignments by date">
            {assignmentTabs.map((value) => {
              const count = groups[value].length;
              const urgent = value === 'overdue' && count > 0;
              return (
                <Tabs.Tab
                  key={value}
                  value={value}
                  fz="md"
                  py="md"
                  c={urgent ? 'red.8' : undefined}
                  fw={urgent ? 700 : 500}
                  data-testid={`tab-${value}`}
                  rightSection={
                    query.data ? (
                      <Badge
                        size="sm"
                        circle={count < 10}
                        variant={urgent ? 'filled' : 'light'}
                        color={urgent ? 'red' : 'gray'}
                      >
                        {count}
                      </Badge>
                    ) : null
                  }
                >
                  {tabLabels[value]}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          {assignmentTabs.map((value) => (
            <Tabs.Panel key={value} value={value}>
              {query.isPending ? (
                <Stack gap="md" aria-busy="true" aria-label="Loading assignments">
                  {[0, 1, 2].map((i) => (
                    <Skeleton key={i} height={230} radius="md" />
                  ))}
                </Stack>
              ) : query.isError ? (
                <Alert
                  color="red"
                  variant="light"
                  icon={<IconAlertCircle aria-hidden="true" />}
                  title="Could not load your assignments"
                  data-testid="assignments-error"
                >
                  <Text size="sm" mb="sm">
                    {query.error.message}
                  </Text>
                  <Button size="md" variant="light" color="red" onClick={() => void query.refetch()}>
                    Try again
                  </Button>
                </Alert>
              ) : groups[value].length === 0 ? (
                <EmptyState icon={IconCalendarCheck} data-testid="assignments-empty">
                  {emptyText[value]}
                </EmptyState>
              ) : (
                <Stack gap="md">
                  {value === 'today' && groups.overdue.length ? (
                    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} p="sm">
                      <Group justify="space-between" gap="xs">
                        <Text size="sm" fw={600} c="red.9">
                          {plural(groups.overdue.length, 'overdue assignment')}
                        </Text>
                        <Button
                          size="compact-md"
                          variant="subtle"
                          color="red"
                          onClick={() => setParams({ view: 'overdue' }, { replace: true })}
                        >
                          Show
                        </Button>
                      </Group>
                    </Alert>
                  ) : null}
                  {groups[value].map((assignment) => (
                    <AssignmentCard key={assignment.id} assignment={assignment} today={today} />
                  ))}
                </Stack>
              )}
            </Tabs.Panel>
          ))}
        </Tabs>
      </main>
    </div>
  );
}
