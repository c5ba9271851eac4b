/** Query keys of the templates feature: everything under `all` is refreshed after a change. */
export const templateKeys = {
  all: ['templates'] as const,
  lists: ['templates', 'list'] as const,
  list: (query: object) => ['templates', 'list', query] as const,
  detail: (id: number) => ['templates', 'detail', id] as const,
  versions: (id: number) => ['templates', 'versions', id] as const,
  version: (id: number, version: number) => ['templates', 'versions', id, version] as const,
};
