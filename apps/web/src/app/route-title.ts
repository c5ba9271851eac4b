import { PRODUCT_NAME } from '@/config/app';

/** What a route declares about itself in its `handle`. */
export interface RouteHandle {
  /** The page's name in the browser tab ("Sites · Inspecta"); the innermost route's wins. */
  title?: string;
}

/** The tab title for the matched routes: the innermost title and the product, or the product alone. */
export function documentTitle(matches: ReadonlyArray<{ handle: unknown }>): string {
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = (matches[i]!.handle as RouteHandle | undefined)?.title;
    if (title) return `${title} · ${PRODUCT_NAME}`;
  }
  return PRODUCT_NAME;
}
