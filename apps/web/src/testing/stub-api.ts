import { vi } from 'vitest';

/**
 * Answers the app's requests with JSON: the body of the first path in `routes` the request's path
 * ends with, else `fallback` (200 both). Undo with `vi.unstubAllGlobals()`.
 */
export function stubJsonApi(routes: Record<string, unknown>, fallback: unknown = {}) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const path = new URL(String(input), 'http://x').pathname;
    const match = Object.keys(routes).find((route) => path.endsWith(route));
    return new Response(JSON.stringify(match ? routes[match] : fallback), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A list screen's API: `path` answers `body`, its filter options (types, categories) answer empty. */
export function stubListApi(path: string, body: unknown) {
  return stubJsonApi({ [path]: body }, { equipmentTypes: [], categories: [] });
}
