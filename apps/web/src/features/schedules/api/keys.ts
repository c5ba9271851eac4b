/** Query keys of the schedules feature, so a change refreshes exactly what it touches. */
export const scheduleKeys = {
  all: ['schedules'] as const,
  lists: ['schedules', 'list'] as const,
  list: (params: object) => ['schedules', 'list', params] as const,
  detail: (id: number) => ['schedules', 'detail', id] as const,
  calendar: (params: object) => ['schedules', 'calendar', params] as const,
};
