import { type Schedule, scheduleStatusSchema } from '@inspecta/contract';
import { Button, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarRepeat, IconPlus } from '@tabler/icons-react';
import { countActive, ListSearchInput } from '@/components/list-screen/list-filters';
import { ListScreen } from '@/components/list-screen/list-screen';
import { ListSkeleton } from '@/components/list-screen/list-skeleton';
import { ListTable } from '@/components/list-screen/list-table';
import { ListFooter } from '@/components/ui/list-footer';
import { InspectorFilterSelect, priorityLabels, SiteFilterSelect } from '@/features/assignments';
import { plural } from '@/lib/plural';
import { formatDateTime } from '@/utils/format-relative-time';
import { positiveId } from '@/utils/positive-id';
import { useSchedules } from '../api/get-schedules';
import { describeInterval, describeScope } from '../lib/schedule-form';
import { ScheduleStatusBadge } from './schedule-badges';
import { ScheduleRowMenu } from './schedule-row-menu';

export const SCHEDULE_PAGE_SIZE = 20;

export type ScheduleListKey = 'search' | 'site' | 'inspector' | 'status';

interface SchedulesListProps {
  values: Record<ScheduleListKey, string>;
  page: number;
  update: (patch: Partial<Record<ScheduleListKey | 'page', string | number | null>>) => void;
  onEdit: (schedule: Schedule) => void;
  onCreate: () => void;
  /** A site's page: only its schedules, no site filter or column. */
  siteId?: number;
}

function who(s: Schedule): string {
  if (s.assigneeMode === 'inspector') return s.inspectors[0]?.name ?? '—';
  return `Least loaded of ${s.inspectors.length}`;
}

function ScheduleFacts({ s }: { s: Schedule }) {
  return (
    <Text size="xs" c="dimmed">
      {describeScope(s)} · {s.template ? s.template.name : "each type's default template"}
    </Text>
  );
}

function ScheduleCard({ s, menu, siteId }: { s: Schedule; menu: React.ReactNode; siteId?: number }) {
  return (
    <Paper withBorder bg="white" p="sm" data-testid="schedule-row" data-id={s.id} data-status={s.status}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm">
            {s.name}
          </Text>
          {siteId ? null : (
            <Text size="sm">
              {s.site.siteCode} · {s.site.name}
            </Text>
          )}
          <ScheduleFacts s={s} />
          <Group gap="xs" wrap="wrap">
            <ScheduleStatusBadge status={s.status} />
            <Text size="xs">{describeInterval(s.intervalUnit, s.intervalCount)}</Text>
            <Text size="xs" c="dimmed">
              {s.leadDays} days ahead · {who(s)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {plural(s.createdAssignments, 'assignment')} created
          </Text>
        </Stack>
        {menu}
      </Group>
    </Paper>
  );
}

/** The schedules with their scope, interval, inspector, lead time and state; each can be edited, paused, resumed or ended. */
export function SchedulesList({ values, page, update, onEdit, onCreate, siteId }: SchedulesListProps) {
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const status = scheduleStatusSchema.safeParse(values.status || undefined).data;
  const site = siteId ?? positiveId(values.site);
  const inspector = positiveId(values.inspector);
  const query = useSchedules({
    ...(values.search ? { search: values.search } : {}),
    ...(status ? { status } : {}),
    ...(site ? { site_id: site } : {}),
    ...(inspector ? { inspector_id: inspector } : {}),
    page,
    limit: SCHEDULE_PAGE_SIZE,
  });
  const rows = query.data?.schedules ?? [];
  const total = query.data?.pagination.total ?? 0;
  const filtered = Boolean(values.search || values.status || (!siteId && values.site) || values.inspector);

  return (
    <ListScreen
      filterGap="sm"
      search={
        <ListSearchInput
          label="Search"
          placeholder={siteId ? 'Schedule name' : 'Schedule, site name or code'}
          value={values.search}
          onSearch={(text) => update({ search: text })}
          flex="2 1 220px"
        />
      }
      activeFilters={countActive(status, !siteId && values.site, values.inspector)}
      filters={
        <>
          {siteId ? null : (
            <SiteFilterSelect value={values.site} onChange={(next) => update({ site: next })} />
          )}
          <InspectorFilterSelect value={values.inspector} onChange={(next) => update({ inspector: next })} />
          <Select
            label="Status"
            placeholder="Any"
            clearable
            clearButtonProps={{ 'aria-label': 'Clear status' }}
            data={[
              { value: 'active', label: 'Active' },
              { value: 'paused', label: 'Paused' },
              { value: 'ended', label: 'Ended' },
            ]}
            value={status ?? null}
            onChange={(next) => update({ status: next })}
            comboboxProps={{ withinPortal: true }}
            style={{ flex: '0 1 150px' }}
          />
          {siteId ? (
            <Button
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              onClick={onCreate}
              data-testid="site-schedule-new"
            >
              New schedule
            </Button>
          ) : null}
        </>
      }
      query={query}
      rowCount={rows.length}
      skeleton={<ListSkeleton testId="schedules-loading" />}
      empty={{
        icon: IconCalendarRepeat,
        'data-testid': 'schedules-empty',
        text: filtered
          ? 'No schedule matches these filters.'
          : 'No schedules yet. A schedule creates the assignments of a site by itself, ahead of each unit’s due date.',
        failedText: 'The schedules could not be loaded.',
      }}
      footer={
        rows.length > 0 ? (
          <ListFooter
            page={page}
            limit={SCHEDULE_PAGE_SIZE}
            total={total}
            totalIsCapped={query.data?.pagination.totalIsCapped}
            onPage={(next) => update({ page: next })}
            noun={['schedule', 'schedules']}
          />
        ) : null
      }
    >
      {narrow ? (
        <Stack gap="sm" data-testid="schedules-cards">
          {rows.map((s) => (
            <ScheduleCard
              key={s.id}
              s={s}
              siteId={siteId}
              menu={<ScheduleRowMenu schedule={s} onEdit={onEdit} />}
            />
          ))}
        </Stack>
      ) : (
        <ListTable
          minWidth={900}
          data-testid="schedules-table"
          headBg="gray.0"
          columns={
            <>
              <Table.Th>Schedule</Table.Th>
              {siteId ? null : <Table.Th>Site</Table.Th>}
              <Table.Th>Repeat</Table.Th>
              <Table.Th>Assigned to</Table.Th>
              <Table.Th w={120}>Status</Table.Th>
              <Table.Th w={140}>Created so far</Table.Th>
            </>
          }
        >
          {rows.map((s) => (
            <Table.Tr key={s.id} data-testid="schedule-row" data-id={s.id} data-status={s.status}>
              <Table.Td maw={320}>
                <Text size="sm" fw={600}>
                  {s.name}
                </Text>
                <ScheduleFacts s={s} />
              </Table.Td>
              {siteId ? null : (
                <Table.Td>
                  <Text size="sm" lineClamp={1}>
                    {s.site.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {s.site.siteCode}
                  </Text>
                </Table.Td>
              )}
              <Table.Td>
                <Text size="sm">{describeInterval(s.intervalUnit, s.intervalCount)}</Text>
                <Text size="xs" c="dimmed">
                  {s.leadDays} days ahead · {priorityLabels[s.priority]} priority
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{who(s)}</Text>
                {s.assigneeMode === 'least_loaded' ? (
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {s.inspectors.map((i) => i.name).join(', ')}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <ScheduleStatusBadge status={s.status} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" data-testid="schedule-created">
                  {s.createdAssignments}
                </Text>
                <Text size="xs" c="dimmed">
                  {s.lastRunAt ? `Last run ${formatDateTime(s.lastRunAt)}` : 'Not run yet'}
                </Text>
              </Table.Td>
              <Table.Td>
                <ScheduleRowMenu schedule={s} onEdit={onEdit} />
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
    </ListScreen>
  );
}
