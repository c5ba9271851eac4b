/** Query keys of the users feature: a change refreshes everything under `all`. */
export const userKeys = {
  all: ['users'] as const,
  list: (params: object) => ['users', 'list', params] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
  invitation: (token: string) => ['invitation', token] as const,
};
