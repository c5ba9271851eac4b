/**
 * Query keys of the notifications feature below a root: ['notifications'] on the dashboard,
 * ['portal', 'notifications'] in the portal (NotificationsClientProvider). A change or a pushed
 * event refreshes everything under the root.
 */
export function notificationKeysFor(root: readonly unknown[]) {
  return {
    all: root,
    page: (page: number, limit: number) => [...root, { page, limit }] as const,
  };
}
