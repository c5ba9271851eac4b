import type { Notification } from '@inspecta/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import {
  IconAlarm,
  IconAlertTriangle,
  IconBell,
  IconBellOff,
  IconCalendarEvent,
  IconCalendarRepeat,
  IconChecklist,
  IconChecks,
  IconCircleCheck,
  IconCircleX,
  IconClockExclamation,
  IconFileCheck,
  IconInbox,
  IconMessage,
  IconReceiptOff,
  IconRefresh,
  IconRepeatOff,
  IconRosetteDiscountCheck,
  IconShoppingCart,
  IconTrash,
  IconTruckDelivery,
  IconUserCheck,
  IconUserPlus,
} from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { NOTIFICATIONS_PAGE_SIZE } from '@/config/app';
import { formatDateTime, formatRelativeTime } from '@/utils/format-relative-time';
import { useDeleteNotification } from '../api/delete-notification';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { groupByDay } from '../lib/group-by-day';
import classes from './notifications-list.module.css';

const TYPE_ICONS: Record<string, { icon: typeof IconBell; color: string }> = {
  'assignment.created': { icon: IconCalendarEvent, color: 'brand' },
  'assignment.rescheduled': { icon: IconCalendarEvent, color: 'yellow' },
  'assignment.cancelled': { icon: IconCircleX, color: 'gray' },
  'assignment.overdue': { icon: IconClockExclamation, color: 'red' },
  'inspection.completed': { icon: IconCircleCheck, color: 'green' },
  'inspection.failed': { icon: IconAlertTriangle, color: 'red' },
  'user.registered': { icon: IconUserPlus, color: 'brand' },
  'order.placed': { icon: IconShoppingCart, color: 'brand' },
  'order.changed': { icon: IconTruckDelivery, color: 'teal' },
  'bill.cancelled': { icon: IconReceiptOff, color: 'gray' },
  'action.created': { icon: IconChecklist, color: 'orange' },
  'action.assigned': { icon: IconUserCheck, color: 'brand' },
  'action.overdue': { icon: IconClockExclamation, color: 'red' },
  'action.verified': { icon: IconRosetteDiscountCheck, color: 'green' },
  'action.reinspection_failed': { icon: IconRepeatOff, color: 'red' },
  'assignment.reminder': { icon: IconAlarm, color: 'yellow' },
  'schedule.created': { icon: IconCalendarRepeat, color: 'teal' },
  // The client portal's (issue 20), and the staff's about clients' requests and comments.
  'report.ready': { icon: IconFileCheck, color: 'green' },
  'action.opened_on_site': { icon: IconChecklist, color: 'orange' },
  'site.overdue': { icon: IconClockExclamation, color: 'red' },
  'order.shipped': { icon: IconTruckDelivery, color: 'teal' },
  'request.updated': { icon: IconCalendarEvent, color: 'brand' },
  'request.created': { icon: IconInbox, color: 'brand' },
  'action.client_commented': { icon: IconMessage, color: 'brand' },
  'request.cancelled': { icon: IconCircleX, color: 'gray' },
};

function NotificationItem({ notification }: { notification: Notification }) {
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  const remove = useDeleteNotification();
  const unread = notification.readAt === null;
  const internalLink = notification.link?.startsWith('/') ? notification.link : null;
  const { icon: TypeIcon, color } = TYPE_ICONS[notification.type] ?? { icon: IconBell, color: 'brand' };

  const open = () => {
    if (unread) markRead.mutate(notification.id);
    if (internalLink) navigate(internalLink);
  };
  const onDelete = () =>
    remove.mutate(notification.id, {
      onSuccess: () => toasts.show({ color: 'green', message: 'Notification deleted' }),
      onError: (error) =>
        toasts.show({ color: 'red', title: 'Could not delete the notification', message: error.message }),
    });

  const content = (
    <>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        {/* The whole title wraps: cut to two lines it lost the site name at the end on a phone. */}
        <Text
          fw={unread ? 700 : 500}
          size="sm"
          c={unread ? 'dark.9' : 'gray.8'}
          style={{ overflowWrap: 'anywhere', minWidth: 0 }}
        >
          {notification.title}
        </Text>
        {unread ? (
          <Badge size="xs" variant="light" color="brand" mt={2} style={{ flexShrink: 0 }}>
            New
          </Badge>
        ) : null}
      </Group>
      {notification.body ? (
        <Text size="sm" c={unread ? 'gray.8' : 'dimmed'} mt={4} style={{ overflowWrap: 'anywhere' }}>
          {notification.body}
        </Text>
      ) : null}
      <Text
        component="time"
        dateTime={notification.createdAt}
        title={formatDateTime(notification.createdAt)}
        size="xs"
        c="dimmed"
        mt={4}
        display="block"
      >
        {formatRelativeTime(notification.createdAt)}
      </Text>
    </>
  );

  return (
    <li className={classes.item} data-unread={unread ? 'true' : 'false'} data-testid="notification-item">
      <ThemeIcon variant={unread ? 'filled' : 'light'} color={unread ? color : 'gray'} radius="xl" size={36}>
        <TypeIcon size={18} aria-hidden="true" />
      </ThemeIcon>
      {internalLink || unread ? (
        <UnstyledButton
          className={classes.body}
          onClick={open}
          aria-label={internalLink ? `Open: ${notification.title}` : `Mark as read: ${notification.title}`}
          data-testid="notification-open"
        >
          {content}
        </UnstyledButton>
      ) : (
        <div className={classes.body}>{content}</div>
      )}
      <Group gap={4} wrap="nowrap" className={classes.actions}>
        {unread ? (
          <Tooltip label="Mark as read" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Mark as read: ${notification.title}`}
              loading={markRead.isPending}
              onClick={() => markRead.mutate(notification.id)}
            >
              <IconChecks size={18} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        ) : null}
        <Tooltip label="Delete" withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Delete: ${notification.title}`}
            loading={remove.isPending}
            onClick={onDelete}
            data-testid="notification-delete"
          >
            <IconTrash size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      </Group>
    </li>
  );
}

function ListSkeleton() {
  return (
    <Paper withBorder p="lg" bg="white" aria-busy="true" data-testid="notifications-loading">
      <Stack gap="lg">
        {[0, 1, 2].map((key) => (
          <Group key={key} gap="md" wrap="nowrap" align="flex-start">
            <Skeleton circle height={36} />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton height={12} width="40%" />
              <Skeleton height={10} width="85%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** The notification screen: days newest first, unread emphasised, open, mark read, delete. */
export function NotificationsList() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const query = useNotifications({ page, limit: NOTIFICATIONS_PAGE_SIZE });
  const markAll = useMarkAllNotificationsRead();
  const unread = query.data?.unread ?? 0;

  const setPage = (next: number) =>
    setSearchParams((params) => {
      if (next <= 1) params.delete('page');
      else params.set('page', String(next));
      return params;
    });

  const onMarkAll = () =>
    markAll.mutate(undefined, {
      onSuccess: (result) => toasts.show({ color: 'green', message: result.message }),
      onError: (error) =>
        toasts.show({ color: 'red', title: 'Could not mark notifications as read', message: error.message }),
    });

  const header = (
    <PageHeader
      title="Notifications"
      description={
        unread > 0
          ? `${unread} unread. Updates about your sites, inspections and team, newest first.`
          : 'Updates about your sites, inspections and team, newest first.'
      }
      actions={
        <Button
          variant="light"
          leftSection={<IconChecks size={18} aria-hidden="true" />}
          onClick={onMarkAll}
          loading={markAll.isPending}
          disabled={unread === 0}
          data-testid="notifications-mark-all"
        >
          Mark all as read
        </Button>
      }
    />
  );

  if (query.isPending) {
    return (
      <>
        {header}
        <ListSkeleton />
      </>
    );
  }

  // SPEC.md 8: a failed fetch shows an empty list; a retry button is offered.
  const notifications = query.data?.notifications ?? [];
  if (notifications.length === 0) {
    return (
      <>
        {header}
        <EmptyState icon={IconBellOff} data-testid="notifications-empty">
          You have no notifications. New assignments, finished inspections and new team members appear here as
          they happen.
        </EmptyState>
        {query.isError ? (
          <Group justify="center" mt="md">
            <Button
              variant="light"
              leftSection={<IconRefresh size={18} aria-hidden="true" />}
              onClick={() => void query.refetch()}
            >
              Try again
            </Button>
          </Group>
        ) : null}
      </>
    );
  }

  const total = query.data?.pagination.total ?? notifications.length;
  const pages = Math.max(1, Math.ceil(total / NOTIFICATIONS_PAGE_SIZE));
  const groups = groupByDay(notifications);

  return (
    <>
      {header}
      <Stack gap="lg" data-testid="notifications-list">
        {groups.map((group) => (
          <section key={group.key} aria-labelledby={`notifications-day-${group.key}`}>
            <Title order={2} size="h5" c="gray.7" mb="xs" id={`notifications-day-${group.key}`}>
              {group.label}
            </Title>
            <Paper withBorder bg="white" style={{ overflow: 'hidden' }}>
              <ul className={classes.list} aria-label={`Notifications, ${group.label}`}>
                {group.items.map((notification) => (
                  <NotificationItem key={notification.id} notification={notification} />
                ))}
              </ul>
            </Paper>
          </section>
        ))}
        {pages > 1 ? (
          <Group justify="flex-end">
            <Pager total={pages} value={page} onChange={setPage} />
          </Group>
        ) : null}
      </Stack>
    </>
  );
}
