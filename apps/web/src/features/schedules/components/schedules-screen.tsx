import type { Schedule } from '@inspecta/contract';
import { Button, SegmentedControl, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useUrlParams } from '@/hooks/use-url-params';
import { ScheduleCalendar } from './schedule-calendar';
import { ScheduleFormDrawer } from './schedule-form-drawer';
import { SchedulesList } from './schedules-list';

const KEYS = ['view', 'search', 'site', 'inspector', 'status', 'new'] as const;

/** The header button of the Schedules tab: opens the new-schedule drawer through the address (?new=1). */
export function NewScheduleButton() {
  const { update } = useUrlParams(KEYS);
  return (
    <Button
      leftSection={<IconPlus size={18} aria-hidden="true" />}
      onClick={() => update({ new: '1' }, { keepPage: true })}
      data-testid="schedule-new"
    >
      New schedule
    </Button>
  );
}

/**
 * Inspection Management's "Schedules" tab: the schedules (list), or the next 90 days of planned and
 * assigned work with the workload per inspector (calendar).
 */
export function SchedulesScreen() {
  const { values, page, update } = useUrlParams(KEYS);
  const view = values.view === 'calendar' ? 'calendar' : 'list';
  const [editing, setEditing] = useState<Schedule | null>(null);
  const creating = values.new === '1';

  return (
    <Stack gap={0}>
      <SegmentedControl
        aria-label="Schedules or calendar"
        value={view}
        onChange={(next) => update({ view: next === 'list' ? null : next, search: null, status: null })}
        data={[
          { value: 'list', label: 'Schedules' },
          { value: 'calendar', label: '90-day calendar' },
        ]}
        mb="md"
        style={{ alignSelf: 'flex-start' }}
        data-testid="schedule-views"
      />
      {view === 'calendar' ? (
        <ScheduleCalendar values={values} update={update} />
      ) : (
        <SchedulesList
          values={values}
          page={page}
          update={update}
          onEdit={setEditing}
          onCreate={() => update({ new: '1' }, { keepPage: true })}
        />
      )}
      <ScheduleFormDrawer
        opened={creating || editing !== null}
        schedule={editing}
        onClose={() => {
          setEditing(null);
          if (creating) update({ new: null }, { keepPage: true });
        }}
      />
    </Stack>
  );
}
