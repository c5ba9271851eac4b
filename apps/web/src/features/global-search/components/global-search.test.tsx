import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { GlobalSearch } from './global-search';

function searchBox() {
  return screen.getByRole('textbox', { name: 'Global search' });
}

describe('GlobalSearch', () => {
  it('has the placeholder of the specification', () => {
    renderWithProviders(<GlobalSearch />);
    expect(searchBox()).toHaveProperty('placeholder', 'Search by Id, Site name, SiteId no....');
  });

  it('navigates to /dashboard/search?query=<encoded term> on Enter', async () => {
    renderWithProviders(<GlobalSearch />, { url: '/dashboard/site-management' });
    fireEvent.change(searchBox(), { target: { value: '  fire pump #2 ' } });
    fireEvent.submit(searchBox().closest('form') as HTMLFormElement);
    expect((await screen.findByTestId('location')).textContent).toBe(
      '/dashboard/search?query=fire%20pump%20%232',
    );
  });

  it('ignores a blank or whitespace-only term', () => {
    renderWithProviders(<GlobalSearch />, { url: '/dashboard/user-management' });
    fireEvent.change(searchBox(), { target: { value: '   ' } });
    fireEvent.submit(searchBox().closest('form') as HTMLFormElement);
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/user-management');
  });

  it('is refilled from ?query= on the search page', () => {
    renderWithProviders(<GlobalSearch />, { url: '/dashboard/search?query=ST-000123' });
    expect(searchBox()).toHaveProperty('value', 'ST-000123');
  });

  it('ignores ?query= on other pages', () => {
    renderWithProviders(<GlobalSearch />, { url: '/dashboard/orders?query=abc' });
    expect(searchBox()).toHaveProperty('value', '');
  });
});
