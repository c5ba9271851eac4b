import { useCallback, useEffect, useState } from 'react';
import { storage, storageKeys } from '@/lib/storage';
import { decideNotificationDot, NOTIFICATIONS_READ_VALUE } from '../lib/notification-dot';

/**
 * Applies the dot rule to the current list: stores what the rule says and exposes whether the dot
 * shows. `markRead` is the bell click: notifications_read = "true", dot hidden.
 */
export function useNotificationDot(notifications: ReadonlyArray<{ id: number | string }> | undefined) {
  const [showDot, setShowDot] = useState(false);
  const newestId = notifications?.[0]?.id;
  const loaded = notifications !== undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run only when the newest id changes, not on every refetch.
  useEffect(() => {
    if (!loaded) return;
    const decision = decideNotificationDot(notifications, {
      notificationsRead: storage.get(storageKeys.notificationsRead),
      lastSeenNotifyId: storage.get(storageKeys.lastSeenNotifyId),
    });
    if (decision.storeLastSeenNotifyId !== null) {
      storage.set(storageKeys.lastSeenNotifyId, decision.storeLastSeenNotifyId);
    }
    if (decision.removeNotificationsRead) storage.remove(storageKeys.notificationsRead);
    setShowDot(decision.showDot);
  }, [loaded, newestId]);

  const markRead = useCallback(() => {
    storage.set(storageKeys.notificationsRead, NOTIFICATIONS_READ_VALUE);
    setShowDot(false);
  }, []);

  return { showDot, markRead };
}
