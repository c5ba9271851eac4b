import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from '@/config/theme';
import { queryClient as defaultQueryClient } from '@/lib/query-client';

interface AppProviderProps {
  children: ReactNode;
  queryClient?: QueryClient;
}

/** Theme, data cache, modals and toasts for the whole app (and for component tests). */
export function AppProvider({ children, queryClient = defaultQueryClient }: AppProviderProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications position="top-right" />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
