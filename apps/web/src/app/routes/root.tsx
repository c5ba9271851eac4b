import { Center, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { Link, Outlet, useMatches, useNavigation } from 'react-router';
import { LinkComponentProvider } from '@/components/ui/link-component';
import { RouteLoadingOverlay } from '@/components/ui/route-loading-overlay';
import { documentTitle } from '../route-title';

/**
 * Every route renders inside this: the global overlay is on while a navigation is in progress, and
 * links that do not import the router (`useLinkComponent`) navigate with it.
 */
export function RootRoute() {
  const navigation = useNavigation();
  // The tab names the page ("Site Management · Inspecta"); the login page is "Inspecta" alone.
  const matches = useMatches();
  const title = documentTitle(matches);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <LinkComponentProvider value={Link}>
      <RouteLoadingOverlay visible={navigation.state !== 'idle'} />
      <Outlet />
    </LinkComponentProvider>
  );
}

/** Shown while the first page's code loads. */
export function RootHydrateFallback() {
  return (
    <Center mih="100vh">
      <Loader role="status" aria-label="Loading Inspecta" />
    </Center>
  );
}
