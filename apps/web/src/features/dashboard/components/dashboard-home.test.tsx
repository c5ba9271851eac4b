import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { DashboardHome } from './dashboard-home';

describe('DashboardHome', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the error with empty lists, not skeletons, when the figures cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(
        async () => new Response(JSON.stringify({ code: 'INTERNAL', message: 'down' }), { status: 500 }),
      ),
    );
    renderWithProviders(<DashboardHome />);
    expect(await screen.findByText('The figures could not be loaded')).toBeTruthy();
    // SPEC.md 4: on failure an empty list is set.
    expect(await screen.findByText('No overdue assignments. Everything open is on time.')).toBeTruthy();
    expect(screen.getByText('Nothing is due: no open assignments from today on.')).toBeTruthy();
    expect(screen.getByText('No inspections completed yet.')).toBeTruthy();
    expect(screen.getByText('No changes recorded yet.')).toBeTruthy();
  });
});
