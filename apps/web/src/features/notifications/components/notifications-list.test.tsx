import type { NotificationListResponse } from '@inspecta/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { renderWithProviders } from '@/testing/test-utils';
import { NotificationsList } from './notifications-list';

const TITLE = 'Inspection failed: 3 failed items at Orion Mall Phase II, Tower B basement plant room';

const list: NotificationListResponse = {
  notifications: [
    {
      id: 7,
      type: 'assignment',
      title: TITLE,
      body: 'Open the inspection to see the failures.',
      link: null,
      createdAt: new Date().toISOString(),
      readAt: null,
    },
  ],
  unread: 1,
  pagination: { page: 1, limit: 20, total: 1 },
};

describe('NotificationsList', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a long title whole, wrapping, not clamped to two lines (the site name is at its end)', async () => {
    storage.setToken('t');
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => new Response(JSON.stringify(list), { status: 200 })),
    );
    renderWithProviders(<NotificationsList />, { url: '/dashboard/notification' });
    const title = await screen.findByText(TITLE);
    expect(title.getAttribute('data-line-clamp')).toBeNull();
    expect(title.className).not.toMatch(/lineClamp|line-clamp/i);
    expect(title.style.overflowWrap).toBe('anywhere');
  });
});
