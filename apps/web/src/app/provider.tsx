import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { cssVariablesResolver, theme } from '@/config/theme';
import { queryClient as defaultQueryClient } from '@/lib/query-client';

/**
 * The toasts' container loads after the first screen (docs/performance.md): `notifications.show`
 * keeps what it is given in the notifications store, and the container shows it once it is mounted.
 */
const Notifications = lazy(() =>
  import('@mantine/notifications').then(({ Notifications }) => ({
    default: () => <Notifications position="top-right" />,
  })),
);

interface AppProviderProps {
  children: ReactNode;
  queryClient?: QueryClient;
}

/**
 * Theme, data cache and toasts for the whole app (and for component tests). Confirm modals are the
 * dashboard's alone: its shell mounts their provider (`routes/dashboard/root.tsx`).
 */
export function AppProvider({ children, queryClient = defaultQueryClient }: AppProviderProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={null}>
          <Notifications />
        </Suspense>
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
