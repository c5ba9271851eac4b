import type { Schedule } from '@inspecta/contract';
import { Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlayerPause, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { RowActionsMenu } from '@/components/ui/row-actions-menu';
import { isApiError } from '@/lib/api-client';
import { type ScheduleMove, useSetScheduleState } from '../api/set-schedule-state';

/** Edit, pause or resume, and end (after a confirmation) one schedule. */
export function ScheduleRowMenu({ schedule, onEdit }: { schedule: Schedule; onEdit: (s: Schedule) => void }) {
  const setState = useSetScheduleState();
  const run = async (move: ScheduleMove) => {
    try {
      const result = await setState.mutateAsync({ id: schedule.id, move });
      notifications.show({ color: 'teal', message: result.message });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'The schedule was not changed',
        message: isApiError(error) ? error.message : 'Please try again.',
      });
    }
  };
  const confirmEnd = () =>
    modals.openConfirmModal({
      title: `End ${schedule.name}?`,
      centered: true,
      closeButtonProps: { 'aria-label': 'Close' },
      children: (
        <Text size="sm">
          It will create no more assignments. Those it created already stay, and the schedule stays in the
          list as ended. An ended schedule cannot be resumed.
        </Text>
      ),
      labels: { confirm: 'End schedule', cancel: 'Keep it' },
      confirmProps: { color: 'red', 'data-testid': 'schedule-end-confirm' },
      onConfirm: () => void run('end'),
    });

  if (schedule.status === 'ended') return null;
  return (
    <RowActionsMenu label={`Actions for ${schedule.name}`} testId="schedule-actions">
      <Menu.Item leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={() => onEdit(schedule)}>
        Edit
      </Menu.Item>
      {schedule.status === 'active' ? (
        <Menu.Item
          leftSection={<IconPlayerPause size={16} aria-hidden="true" />}
          onClick={() => void run('pause')}
        >
          Pause
        </Menu.Item>
      ) : (
        <Menu.Item
          leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
          onClick={() => void run('resume')}
        >
          Resume
        </Menu.Item>
      )}
      <Menu.Item
        color="red"
        leftSection={<IconPlayerStop size={16} aria-hidden="true" />}
        onClick={confirmEnd}
      >
        End
      </Menu.Item>
    </RowActionsMenu>
  );
}
