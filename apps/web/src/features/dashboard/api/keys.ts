/** Query keys of the dashboard feature. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  data: ['dashboard', 'data'] as const,
};
