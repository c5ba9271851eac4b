import { Center, Loader } from '@mantine/core';
import { Outlet, useNavigation } from 'react-router';
import { RouteLoadingOverlay } from '@/components/ui/route-loading-overlay';

/** Every route renders inside this: the global overlay is on while a navigation is in progress. */
export function RootRoute() {
  const navigation = useNavigation();
  return (
    <>
      <RouteLoadingOverlay visible={navigation.state !== 'idle'} />
      <Outlet />
    </>
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
