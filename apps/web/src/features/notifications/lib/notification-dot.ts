/**
 * The notification-dot rule of SPEC.md 4, as a pure function over the two storage values.
 *
 * - No notifications: no dot, nothing stored.
 * - The newest id (list[0].id) differs from last_seen_notify_id: dot shown; store the new id and
 *   remove notifications_read.
 * - Otherwise: dot shown exactly when notifications_read is missing.
 */
export interface NotificationDotStorage {
  /** The value under `notifications_read` (null when missing). */
  notificationsRead: string | null;
  /** The value under `last_seen_notify_id` (null when missing). */
  lastSeenNotifyId: string | null;
}

export interface NotificationDotDecision {
  showDot: boolean;
  /** Value to write under last_seen_notify_id, or null to leave it alone. */
  storeLastSeenNotifyId: string | null;
  /** Whether to remove notifications_read. */
  removeNotificationsRead: boolean;
}

export const NOTIFICATIONS_READ_VALUE = 'true';

export function decideNotificationDot(
  notifications: ReadonlyArray<{ id: number | string }>,
  stored: NotificationDotStorage,
): NotificationDotDecision {
  const newest = notifications[0];
  if (!newest) {
    return { showDot: false, storeLastSeenNotifyId: null, removeNotificationsRead: false };
  }
  const newestId = String(newest.id);
  if (newestId !== stored.lastSeenNotifyId) {
    return { showDot: true, storeLastSeenNotifyId: newestId, removeNotificationsRead: true };
  }
  return {
    showDot: stored.notificationsRead === null,
    storeLastSeenNotifyId: null,
    removeNotificationsRead: false,
  };
}
