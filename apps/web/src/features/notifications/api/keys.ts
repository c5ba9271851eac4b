/** Query keys of the notifications feature: a change or a pushed event refreshes everything under `all`. */
export const notificationKeys = {
  all: ['notifications'] as const,
  page: (page: number, limit: number) => ['notifications', { page, limit }] as const,
};

/** The same keys below another root (the portal's ['portal', 'notifications']). */
export function notificationKeysFor(root: readonly unknown[]) {
  return {
    all: root,
    page: (page: number, limit: number) => [...root, { page, limit }] as const,
  };
}
