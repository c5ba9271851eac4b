/** Query keys of the activity feature (the audit trail is read-only: a saved change refreshes it by `all`). */
export const activityKeys = {
  all: ['activity'] as const,
  list: (params: object) => ['activity', 'list', params] as const,
  actions: ['activity', 'actions'] as const,
};
