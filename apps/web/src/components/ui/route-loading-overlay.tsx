import { LoadingOverlay } from '@mantine/core';

interface RouteLoadingOverlayProps {
  visible: boolean;
}

/** Covers the page while a route change (lazy code, loaders) is in progress. */
export function RouteLoadingOverlay({ visible }: RouteLoadingOverlayProps) {
  return (
    <LoadingOverlay
      visible={visible}
      data-testid="route-loading"
      pos="fixed"
      zIndex={1000}
      overlayProps={{ backgroundOpacity: 0.45, blur: 1 }}
      loaderProps={{ role: 'status', 'aria-label': 'Loading page' }}
    />
  );
}
