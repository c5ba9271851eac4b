import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext } from 'react';
import { queryClient } from './query-client';

/**
 * Gives `children` the app's query client when nothing above provides one: the signed-out login
 * page renders without the app's providers (docs/performance.md), and its phone sign-in uses
 * mutations. Under the app's providers (or a test's) it adds nothing.
 */
export function EnsureQueryClient({ children }: { children: ReactNode }) {
  const client = useContext(QueryClientContext);
  return client ? children : <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
