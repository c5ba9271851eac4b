import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { stubListApi } from '@/testing/stub-api';
import { renderWithProviders } from '@/testing/test-utils';
import { TemplatesScreen } from './templates-screen';

const when = '2026-11-20T10:00:00.000Z';

const template = {
  id: 7,
  name: 'Monthly extinguisher check',
  description: null,
  status: 'published',
  category: null,
  equipmentTypes: [],
  publishedVersion: 1,
  draftVersion: null,
  latestVersion: 1,
  sectionCount: 1,
  itemCount: 4,
  publishedAt: when,
  createdAt: when,
  updatedAt: when,
};

/** The template list's footer says "10,000+" when the server stopped counting. */
describe('template list count', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a capped template count with "+"', async () => {
    storage.setToken('t');
    stubListApi('/api/templates', {
      templates: [template],
      pagination: { page: 1, limit: 20, total: 10000, totalIsCapped: true },
    });
    renderWithProviders(<TemplatesScreen />, { url: '/dashboard/invoice?search=check' });
    expect(await screen.findByText('10,000+ templates')).toBeTruthy();
  });

  it('shows an exact template count as it is', async () => {
    storage.setToken('t');
    stubListApi('/api/templates', { templates: [template], pagination: { page: 1, limit: 20, total: 1 } });
    renderWithProviders(<TemplatesScreen />, { url: '/dashboard/invoice' });
    expect(await screen.findByText('1 template')).toBeTruthy();
  });
});
