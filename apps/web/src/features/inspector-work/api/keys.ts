import { INSPECTOR_QUERY_KEY } from '@/lib/session';

/** Query keys of the inspector app; all under 'inspector', so its sign-out drops exactly these. */
export const inspectorKeys = {
  all: [INSPECTOR_QUERY_KEY] as const,
  assignments: () => [INSPECTOR_QUERY_KEY, 'assignments'] as const,
  assignment: (id: number) => [INSPECTOR_QUERY_KEY, 'assignment', id] as const,
  unit: (id: number) => [INSPECTOR_QUERY_KEY, 'unit', id] as const,
};
