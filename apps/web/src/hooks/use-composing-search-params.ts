import { useCallback, useRef } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';

/**
 * `useSearchParams`, but each write builds on the last one asked for. The router renders a new URL
 * a moment after it is written (inside a transition), so a click handler from a render that has not
 * caught up yet would otherwise write the old params back: a search cleared 300 ms after the last
 * key and a tab clicked just after it would bring the cleared search back.
 *
 * The URL the router renders wins again as soon as it changes (back, forward, a link), since that
 * is a new params object.
 */
export function useComposingSearchParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const rendered = useRef(searchParams);
  const latest = useRef(searchParams);
  if (rendered.current !== searchParams) {
    rendered.current = searchParams;
    latest.current = searchParams;
  }

  const write = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const next = change(new URLSearchParams(latest.current));
      latest.current = next;
      setSearchParams(next, options);
    },
    [setSearchParams],
  );

  return [searchParams, write] as const;
}
