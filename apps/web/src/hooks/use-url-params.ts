import { useCallback, useMemo } from 'react';
import { useComposingSearchParams } from './use-composing-search-params';

/**
 * A list screen's filters, search, sort and page, kept in the URL's search params so a reload, the
 * back button or a shared link shows the same list. Changing anything but the page goes back to page 1.
 */
export function useUrlParams<const K extends string>(keys: readonly K[]) {
  // Two changes in a row (a debounced search landing just after a filter click) must compose.
  const [searchParams, writeSearchParams] = useComposingSearchParams();

  const values = useMemo(() => {
    const result = {} as Record<K, string>;
    for (const key of keys) result[key] = searchParams.get(key) ?? '';
    return result;
  }, [searchParams, keys]);

  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);

  const update = useCallback(
    (patch: Partial<Record<K | 'page', string | number | null>>, options: { keepPage?: boolean } = {}) => {
      writeSearchParams(
        (next) => {
          for (const [key, value] of Object.entries(patch) as Array<[string, string | number | null]>) {
            if (value === null || value === '' || value === undefined) next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in patch) && !options.keepPage) next.delete('page');
          if (next.get('page') === '1') next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [writeSearchParams],
  );

  return { values, page, update };
}
