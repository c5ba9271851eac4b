import type { Schedule } from '@inspecta/contract';
import { Anchor, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { inspectionPaths } from '@/config/paths';
import { ScheduleCalendar } from './schedule-calendar';
import { ScheduleFormDrawer } from './schedule-form-drawer';
import { type ScheduleListKey, SchedulesList } from './schedules-list';

const EMPTY: Record<ScheduleListKey, string> = { search: '', site: '', inspector: '', status: '' };

/** The site page's Schedules tab: its schedules (new ones for this site), or its next 90 days. */
export function SiteSchedulesPanel({ siteId }: { siteId: number }) {
  const [values, setValues] = useState(EMPTY);
  const [page, setPage] = useState(1);
  const [view, setView] = useState<'list' | 'calendar'>('list');
  const [editing, setEditing] = useState<Schedule | null>(null);
  const [creating, setCreating] = useState(false);
  const update = (patch: Partial<Record<ScheduleListKey | 'page', string | number | null>>) => {
    const { page: nextPage, ...rest } = patch;
    if (Object.keys(rest).length)
      setValues((v) => {
        const next = { ...v };
        for (const [k, val] of Object.entries(rest))
          next[k as ScheduleListKey] = val === null ? '' : String(val);
        return next;
      });
    setPage(typeof nextPage === 'number' ? nextPage : 1);
  };
  return (
    <Stack gap="sm" data-testid="site-schedules-panel">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <div>
          <Title order={2} fz="h3">
            Schedules
          </Title>
          <Text size="sm" c="dimmed">
            Recurring inspections of this site, created ahead of each unit's due date.
          </Text>
        </div>
        <Group gap="sm">
          <SegmentedControl
            aria-label="Schedules or calendar"
            value={view}
            onChange={(next) => setView(next === 'calendar' ? 'calendar' : 'list')}
            data={[
              { value: 'list', label: 'Schedules' },
              { value: 'calendar', label: '90 days' },
            ]}
          />
          <Anchor component={Link} to={`${inspectionPaths.schedules}&site=${siteId}`} size="sm">
            All schedules
          </Anchor>
        </Group>
      </Group>
      {view === 'calendar' ? (
        <ScheduleCalendar siteId={siteId} values={values} update={update} />
      ) : (
        <SchedulesList
          siteId={siteId}
          values={values}
          page={page}
          update={update}
          onEdit={setEditing}
          onCreate={() => setCreating(true)}
        />
      )}
      <ScheduleFormDrawer
        opened={creating || editing !== null}
        schedule={editing}
        siteId={siteId}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
    </Stack>
  );
}
