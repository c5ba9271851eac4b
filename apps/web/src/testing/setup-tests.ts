import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Lazy routes load their chunk on first render; on a busy two-core machine that can take more than
// Testing Library's default second.
configure({ asyncUtilTimeout: 25_000 });

/** Tests render at desktop width (md and up) unless they change this set. */
const DEFAULT_MEDIA_QUERIES = ['(min-width: 62em)'];

/** Media queries that match; tests can add e.g. '(prefers-reduced-motion: reduce)'. */
export const matchingMediaQueries = new Set<string>(DEFAULT_MEDIA_QUERIES);

// jsdom lacks matchMedia, ResizeObserver and scrolling, which Mantine uses.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: matchingMediaQueries.has(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  matchingMediaQueries.clear();
  for (const query of DEFAULT_MEDIA_QUERIES) matchingMediaQueries.add(query);
  vi.useRealTimers();
});
