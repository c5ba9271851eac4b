import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { stubListApi } from '@/testing/stub-api';
import { renderWithProviders } from '@/testing/test-utils';
import { InspectionCategoriesScreen } from './categories-screen';

const when = '2026-11-20T10:00:00.000Z';

const category = {
  id: 3,
  name: 'Routine',
  description: null,
  colour: '#1c7ed6',
  active: true,
  templateCount: 0,
  createdAt: when,
  updatedAt: when,
};

/** The category list's footer says "10,000+" when the server stopped counting. */
describe('category list count', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a capped category count with "+", and an exact one grouped', async () => {
    storage.setToken('t');
    stubListApi('/api/inspection-categories', {
      categories: [category],
      pagination: { page: 1, limit: 20, total: 10000, totalIsCapped: true },
    });
    const first = renderWithProviders(<InspectionCategoriesScreen />, {
      url: '/dashboard/picategory?search=r',
    });
    expect(await screen.findByText('10,000+ categories')).toBeTruthy();
    first.unmount();
    stubListApi('/api/inspection-categories', {
      categories: [category],
      pagination: { page: 1, limit: 20, total: 1200 },
    });
    renderWithProviders(<InspectionCategoriesScreen />, { url: '/dashboard/picategory' });
    expect(await screen.findByText('1,200 categories')).toBeTruthy();
  });
});
