import type { SavedView } from '@inspecta/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage, storageKeys } from '@/lib/storage';
import { renderWithProviders } from '@/testing/test-utils';
import { SavedViewsMenu } from './saved-views-menu';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const view = (overrides: Partial<SavedView>): SavedView => ({
  id: 1,
  list: 'sites',
  name: 'View',
  state: { filters: {}, sort: null, hiddenColumns: [], columnOrder: [] },
  shared: false,
  mine: true,
  owner: { id: 1, name: 'Asha Rao' },
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const mine = view({
  id: 1,
  name: 'Drafts',
  state: { filters: { status: 'draft' }, sort: null, hiddenColumns: [], columnOrder: [] },
});
const theirs = view({
  id: 2,
  name: 'Pune by name',
  mine: false,
  shared: true,
  owner: { id: 9, name: 'Vikram Shah' },
  state: {
    filters: { city: 'Pune', status: 'active' },
    sort: '-name',
    hiddenColumns: ['equipment'],
    columnOrder: [],
  },
});

function serve(post?: (body: unknown) => Response, defaultViewId: number | null = null) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if (url.includes('/saved-views?list=sites')) return json(200, { views: [mine, theirs], defaultViewId });
    if (url.endsWith('/saved-views') && init?.method === 'POST' && post)
      return post(JSON.parse(String(init.body)));
    return json(404, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const location = () => screen.getByTestId('location').textContent ?? '';

describe('SavedViewsMenu', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    storage.setToken('t');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists my views and the shared ones, and applies one to the URL and the columns', async () => {
    serve();
    renderWithProviders(<SavedViewsMenu list="sites" />, {
      url: '/dashboard/site-management?search=x&page=3',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Views' }));
    const menu = await screen.findByTestId('saved-views-menu');
    expect(await within(menu).findByText('by Vikram Shah', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(menu).getByText('My views')).toBeTruthy();
    expect(within(menu).getByText('Shared by other administrators')).toBeTruthy();
    fireEvent.click(await within(menu).findByRole('menuitem', { name: /Pune by name/ }, { timeout: 5000 }));
    // The view's filters and sort replace the list's; the page starts again.
    const search = new URLSearchParams(location().split('?')[1]);
    expect(Object.fromEntries(search)).toEqual({ city: 'Pune', status: 'active', sort: '-name' });
    expect(JSON.parse(window.localStorage.getItem(storageKeys.hiddenColumns) ?? '{}')).toEqual({
      sites: ['equipment'],
    });
    expect(await screen.findByRole('button', { name: /View: Pune by name/ })).toBeTruthy();
    expect(screen.queryByTestId('saved-view-changed')).toBeNull();
  });

  it('opens a list with no filters in its address with the default view, columns and their order too', async () => {
    const ordered = view({
      id: 3,
      name: 'Status first',
      state: {
        filters: { status: 'active' },
        sort: null,
        hiddenColumns: [],
        columnOrder: ['status', 'client'],
      },
    });
    const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      if (url.includes('/saved-views?list=sites'))
        return json(200, { views: [mine, ordered], defaultViewId: 3 });
      if (url.endsWith('/saved-views/defaults/sites') && init?.method === 'DELETE')
        return json(200, { defaultViewId: null, message: 'The Sites list opens without a view now' });
      return json(404, {});
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<SavedViewsMenu list="sites" />, { url: '/dashboard/site-management' });
    expect(await screen.findByRole('button', { name: /View: Status first/ })).toBeTruthy();
    await waitFor(() => expect(location()).toContain('status=active'));
    expect(JSON.parse(window.localStorage.getItem(storageKeys.columnOrder) ?? '{}')).toEqual({
      sites: ['status', 'client', 'city', 'equipment', 'updated'],
    });
    fireEvent.click(screen.getByRole('button', { name: /View: Status first/ }));
    expect(await screen.findByTestId('saved-view-default-badge')).toBeTruthy();
    fireEvent.click(await screen.findByRole('menuitem', { name: /Clear default/ }));
    await vi.waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        expect.stringContaining('/saved-views/defaults/sites'),
        expect.objectContaining({ method: 'DELETE' }),
      ),
    );
  });

  it('leaves a list whose address has a filter as it is, default or not', async () => {
    serve(undefined, 2);
    renderWithProviders(<SavedViewsMenu list="sites" />, { url: '/dashboard/site-management?city=Pune' });
    fireEvent.click(screen.getByRole('button', { name: 'Views' }));
    expect(await screen.findByTestId('saved-view-default-badge', {}, { timeout: 5000 })).toBeTruthy();
    expect(location()).toBe('/dashboard/site-management?city=Pune');
  });

  it('names the view the list matches, and says "changed" once it differs', async () => {
    serve();
    const { router } = renderWithProviders(<SavedViewsMenu list="sites" />, {
      url: '/dashboard/site-management?status=draft',
    });
    expect(await screen.findByRole('button', { name: /View: Drafts/ })).toBeTruthy();
    await router.navigate('/dashboard/site-management?status=draft&city=Pune');
    expect(await screen.findByTestId('saved-view-changed')).toBeTruthy();
    // The owner may now update it with the list as it is.
    fireEvent.click(screen.getByRole('button', { name: /View: Drafts/ }));
    const update = await screen.findByRole('menuitem', { name: 'Update “Drafts”' });
    expect(update.hasAttribute('data-disabled')).toBe(false);
  });

  it('saves the list as a shared view, and shows a taken name on the Name field', async () => {
    const posted: unknown[] = [];
    serve((body) => {
      posted.push(body);
      return posted.length === 1
        ? json(409, {
            statusCode: 409,
            error: 'Conflict',
            code: 'CONFLICT',
            message: 'You already have a view of this list with this name',
            details: [{ field: 'name', message: 'You already have a view of this list with this name' }],
          })
        : json(201, { view: view({ id: 5, name: 'Pune', shared: true }), message: 'View “Pune” saved' });
    });
    window.localStorage.setItem(storageKeys.hiddenColumns, JSON.stringify({ sites: ['city'] }));
    renderWithProviders(<SavedViewsMenu list="sites" />, {
      url: '/dashboard/site-management?city=Pune&sort=name&user=4',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Views' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Save view…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save the list as a view' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: 'Pune' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Share with the other administrators/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(
      await within(dialog).findByText('You already have a view of this list with this name'),
    ).toBeTruthy();
    // Only the list's own parameters are saved (not the open drawer's `user`).
    expect(posted[0]).toEqual({
      list: 'sites',
      name: 'Pune',
      shared: true,
      state: { filters: { city: 'Pune' }, sort: 'name', hiddenColumns: ['city'], columnOrder: [] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save view' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toHaveLength(2);
  });
});
