import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, Link, RouterProvider, useLocation } from 'react-router';
import { LinkComponentProvider } from '@/components/ui/link-component';
import { cssVariablesResolver, theme } from '@/config/theme';

/** Renders the current location, so tests can assert where a navigation went. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

interface RenderOptions {
  /** Start URL (default /dashboard). */
  url?: string;
  /** Route path the element is mounted at (default '*', matches everything). */
  path?: string;
  queryClient?: QueryClient;
}

/** Renders `ui` inside Mantine, TanStack Query and a memory router, with a location probe. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: options.path ?? '*',
        element: (
          <LinkComponentProvider value={Link}>
            {ui}
            <LocationProbe />
          </LinkComponentProvider>
        ),
      },
    ],
    { initialEntries: [options.url ?? '/dashboard'] },
  );
  const result = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, queryClient };
}
