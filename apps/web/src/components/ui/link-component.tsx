import { type ComponentPropsWithRef, createContext, type ReactNode, useContext } from 'react';

export interface LinkComponentProps extends Omit<ComponentPropsWithRef<'a'>, 'href'> {
  to: string;
}

export type LinkComponent = (props: LinkComponentProps) => ReactNode;

/** A plain link: the page at `to` is loaded as a new document. */
function DocumentLink({ to, ...rest }: LinkComponentProps) {
  return <a href={to} {...rest} />;
}

const LinkComponentContext = createContext<LinkComponent>(DocumentLink);

/**
 * What a link inside the app is rendered with. The router's pages get React Router's `Link`
 * (`routes/root.tsx`); the signed-out login page, shown without the router to keep its first load
 * small (docs/performance.md), gets one that starts the full app at the link's path.
 */
export const LinkComponentProvider = LinkComponentContext.Provider;

export function useLinkComponent(): LinkComponent {
  return useContext(LinkComponentContext);
}
