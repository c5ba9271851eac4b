import { ActionIcon, VisuallyHidden } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { storage } from '@/lib/storage';
import { useNotifications } from '../api/get-notifications';
import { useNotificationDot } from '../hooks/use-notification-dot';
import { useNotificationStream } from '../hooks/use-notification-stream';
import classes from './notification-bell.module.css';

/** The header bell: a red dot for unseen notifications (SPEC.md 4); a click opens the list. */
export function NotificationBell() {
  const navigate = useNavigate();
  const descriptionId = useId();
  // After logout the storage is empty: stop asking (a tokenless request would only 401 again).
  const signedIn = storage.getToken() !== null;
  const query = useNotifications({}, { enabled: signedIn });
  // New notifications arrive over the event stream and refetch the list: the dot updates at once.
  useNotificationStream(signedIn);
  // SPEC.md 8: a failed fetch counts as an empty list, with no message.
  const notifications = query.data?.notifications ?? (query.isError ? [] : undefined);
  const { showDot, markRead } = useNotificationDot(notifications);

  const open = () => {
    markRead();
    navigate(paths.notifications);
  };

  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size={40}
      radius="xl"
      c="gray.7"
      className={classes.bell}
      aria-label="Notifications"
      aria-describedby={showDot ? descriptionId : undefined}
      onClick={open}
      data-unseen={showDot ? 'true' : 'false'}
    >
      <IconBell size={22} stroke={1.7} aria-hidden="true" />
      {showDot ? (
        <>
          <span className={classes.dot} data-testid="notification-dot" aria-hidden="true" />
          <VisuallyHidden id={descriptionId}>You have unseen notifications</VisuallyHidden>
        </>
      ) : null}
    </ActionIcon>
  );
}
