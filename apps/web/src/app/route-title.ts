import { PRODUCT_NAME } from '@/config/app';

/** What a route declares about itself in its `handle`. */
export interface RouteHandle {
  /**
   * The page's name in the browser tab ("Sites · Inspecta"); the innermost route's wins. A function
   * names it from the route's loader data (/portal is the sign-in or the overview).
   */
  title?: string | ((data: unknown) => string | undefined);
}

/** The tab title for the matched routes: the innermost title and the product, or the product alone. */
export function documentTitle(matches: ReadonlyArray<{ handle: unknown; data?: unknown }>): string {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i]!;
    const declared = (match.handle as RouteHandle | undefined)?.title;
    const title = typeof declared === 'function' ? declared(match.data) : declared;
    if (title) return `${title} · ${PRODUCT_NAME}`;
  }
  return PRODUCT_NAME;
}
