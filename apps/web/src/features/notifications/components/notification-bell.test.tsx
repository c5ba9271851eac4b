import type { NotificationListResponse } from '@inspecta/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage, storageKeys } from '@/lib/storage';
import { renderWithProviders } from '@/testing/test-utils';
import { useNotifications } from '../api/get-notifications';
import { NotificationBell } from './notification-bell';

function listOf(...ids: number[]): NotificationListResponse {
  return {
    notifications: ids.map((id) => ({
      id,
      type: 'assignment',
      title: `Notification ${id}`,
      body: 'Body',
      link: null,
      createdAt: new Date().toISOString(),
      readAt: null,
    })),
    unread: ids.length,
    pagination: { page: 1, limit: 20, total: ids.length },
  };
}

function serve(response: () => Response) {
  const fetchMock = vi.fn<typeof fetch>(async () => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status });

/**
 * Shows "list settled" once the bell's list query has its answer (data or error). It watches the
 * same query as the bell, so both render that answer together: once this text shows and React's
 * effects are flushed, the bell has applied the dot rule to the list, and a dot that is absent then
 * stays absent.
 */
function ListSettled() {
  const query = useNotifications();
  return query.isSuccess || query.isError ? <output>list settled</output> : null;
}

async function bellHasSeenTheList() {
  await screen.findByText('list settled');
  await act(async () => {});
}

describe('NotificationBell', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the dot for a first-seen newest id, storing it and removing notifications_read', async () => {
    storage.setToken('t');
    storage.set(storageKeys.notificationsRead, 'true');
    storage.set(storageKeys.lastSeenNotifyId, '3');
    const fetchMock = serve(json(200, listOf(5, 4, 3)));
    renderWithProviders(<NotificationBell />);

    expect(await screen.findByTestId('notification-dot')).toBeTruthy();
    expect(storage.get(storageKeys.lastSeenNotifyId)).toBe('5');
    expect(storage.get(storageKeys.notificationsRead)).toBeNull();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/get/notification?page=1&limit=20');
  });

  it('clicking the bell sets notifications_read, hides the dot and opens the notification page', async () => {
    storage.setToken('t');
    serve(json(200, listOf(5)));
    renderWithProviders(<NotificationBell />, { url: '/dashboard/setting' });
    await screen.findByTestId('notification-dot');

    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));

    expect(storage.get(storageKeys.notificationsRead)).toBe('true');
    expect(screen.queryByTestId('notification-dot')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/notification');
  });

  it('shows no dot when the newest was already seen and read', async () => {
    storage.setToken('t');
    storage.set(storageKeys.notificationsRead, 'true');
    storage.set(storageKeys.lastSeenNotifyId, '5');
    const fetchMock = serve(json(200, listOf(5, 4)));
    renderWithProviders(
      <>
        <NotificationBell />
        <ListSettled />
      </>,
    );
    await bellHasSeenTheList();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('notification-dot')).toBeNull();
    expect(screen.getByRole('button', { name: 'Notifications' }).getAttribute('aria-describedby')).toBeNull();
    expect(storage.get(storageKeys.notificationsRead)).toBe('true');
  });

  it('shows no dot and no message when the list cannot be fetched', async () => {
    storage.setToken('t');
    const fetchMock = serve(json(500, { statusCode: 500, error: 'x', message: 'Boom', code: 'INTERNAL' }));
    renderWithProviders(
      <>
        <NotificationBell />
        <ListSettled />
      </>,
    );
    await bellHasSeenTheList();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('notification-dot')).toBeNull();
    expect(screen.queryByText('Boom')).toBeNull();
  });
});
