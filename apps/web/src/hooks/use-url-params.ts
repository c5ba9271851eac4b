import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list screen's filters, search, sort and page, kept in the URL's search params so a reload, the
 * back button or a shared link shows the same list. Changing anything but the page goes back to page 1.
 */
export function useUrlParams<const K extends string>(keys: readonly K[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  // Two changes in a row (a debounced search landing just after a filter click) must compose: each
  // builds on the last one asked for, not on the params of the last render, which may not have
  // caught up yet.
  const latest = useRef(searchParams);
  latest.current = searchParams;

  const values = useMemo(() => {
    const result = {} as Record<K, string>;
    for (const key of keys) result[key] = searchParams.get(key) ?? '';
    return result;
  }, [searchParams, keys]);

  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);

  const update = useCallback(
    (patch: Partial<Record<K | 'page', string | number | null>>, options: { keepPage?: boolean } = {}) => {
      const next = new URLSearchParams(latest.current);
      for (const [key, value] of Object.entries(patch) as Array<[string, string | number | null]>) {
        if (value === null || value === '' || value === undefined) next.delete(key);
        else next.set(key, String(value));
      }
      if (!('page' in patch) && !options.keepPage) next.delete('page');
      if (next.get('page') === '1') next.delete('page');
      latest.current = next;
      setSearchParams(next, { replace: true });
    },
    [setSearchParams],
  );

  return { values, page, update };
}
