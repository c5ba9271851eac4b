import type { SessionUser } from '@inspecta/contract';
import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';

const PortalSignIn = lazy(() =>
  import('./portal-sign-in').then((module) => ({ default: module.PortalSignIn })),
);

/**
 * The portal's sign-in, loaded only when no client is signed in: a signed-in client's first screen
 * does not carry the sign-in forms (docs/performance.md).
 */
export function LazyPortalSignIn({ onSuccess }: { onSuccess: (user: SessionUser) => void }) {
  return (
    <Suspense
      fallback={
        <Center mih="100vh">
          <Loader role="status" aria-label="Loading the sign-in" />
        </Center>
      }
    >
      <PortalSignIn onSuccess={onSuccess} />
    </Suspense>
  );
}
