import { useCallback, useMemo } from 'react';
import { useComposingSearchParams } from '@/hooks/use-composing-search-params';
import { parseListParams, type UserListParams, writeListParams } from '../lib/list-params';

/**
 * The list's tab, search, status, page, page size and sort live in the URL, so a reload, the back
 * button or a shared link shows the same list. `user` (the open detail drawer) lives there too.
 */
export function useUserListState() {
  const [searchParams, setSearchParams] = useComposingSearchParams();
  const params = useMemo(() => parseListParams(searchParams), [searchParams]);
  const openUserId = Number(searchParams.get('user')) || null;

  const update = useCallback(
    (change: Partial<UserListParams>, options: { resetPage?: boolean } = {}) => {
      setSearchParams(
        (current) => {
          const next = { ...parseListParams(current), ...change };
          if (options.resetPage) next.page = 1;
          return writeListParams(current, next);
        },
        // Typing in the search box must not fill the history with one entry per letter.
        { replace: change.search !== undefined },
      );
    },
    [setSearchParams],
  );

  const setOpenUser = useCallback(
    (id: number | null) => {
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete('user');
        else next.set('user', String(id));
        return next;
      });
    },
    [setSearchParams],
  );

  return { params, update, openUserId, setOpenUser };
}
