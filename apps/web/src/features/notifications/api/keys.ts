/** Query keys of the notifications feature: a change or a pushed event refreshes everything under `all`. */
export const notificationKeys = {
  all: ['notifications'] as const,
  page: (page: number, limit: number) => ['notifications', { page, limit }] as const,
};
