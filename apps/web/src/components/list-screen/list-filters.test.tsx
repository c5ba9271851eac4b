import { TextInput } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { countActive, ListFilterBar } from './list-filters';

describe('ListFilterBar', () => {
  it('puts the filters behind one button that counts the set ones, the search beside it', () => {
    renderWithProviders(
      <ListFilterBar
        search={<TextInput label="Search" />}
        activeFilters={countActive('site-3', null, '', true)}
      >
        <TextInput label="Site" />
      </ListFilterBar>,
    );
    const toggle = screen.getByRole('button', { name: 'Filters (2)' });
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeTruthy();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel?.hasAttribute('data-open')).toBe(true);
    expect(panel?.contains(screen.getByRole('textbox', { name: 'Site' }))).toBe(true);
  });

  it('says just "Filters" when none is set, and folds nothing without a search box', () => {
    const { unmount } = renderWithProviders(
      <ListFilterBar search={<TextInput label="Search" />} activeFilters={0}>
        <TextInput label="Site" />
      </ListFilterBar>,
    );
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
    unmount();
    renderWithProviders(
      <ListFilterBar>
        <TextInput label="Site" />
      </ListFilterBar>,
    );
    expect(screen.queryByRole('button', { name: /^Filters/ })).toBeNull();
  });
});
