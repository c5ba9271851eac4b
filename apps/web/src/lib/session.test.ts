import type { SessionUser } from '@inspecta/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { portalApi, setPortalUnauthorizedHandler } from './api-client';
import { queryClient } from './query-client';
import {
  endPortalSession,
  getInspectorSession,
  getPortalSession,
  getSession,
  PORTAL_QUERY_KEY,
  startInspectorSession,
  startPortalSession,
  startSession,
} from './session';
import { storage, storageKeys } from './storage';

const client: SessionUser = {
  id: 7,
  userType: 'client',
  firstName: 'Claire',
  lastName: 'Client',
  email: 'claire@client.test',
  phone: null,
  profileImage: null,
};
const admin: SessionUser = { ...client, id: 1, userType: 'admin', email: 'ada@inspecta.test' };

describe('the client portal session', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setPortalUnauthorizedHandler(() => {});
    queryClient.clear();
  });

  it('lives under portalAccessToken and portalUserData, beside the other sessions', () => {
    startSession('tok-admin', admin);
    startPortalSession('tok-client', client);
    expect(storage.get(storageKeys.portalAccessToken)).toBe('tok-client');
    expect(JSON.parse(storage.get(storageKeys.portalUserData) ?? 'null')).toEqual(client);
    expect(getPortalSession()).toEqual({ token: 'tok-client', user: client });
    expect(getSession()?.token).toBe('tok-admin');
  });

  it('counts only a client, and nothing when the user data is not valid', () => {
    startPortalSession('tok', admin);
    expect(getPortalSession()).toBeNull();
    storage.set(storageKeys.portalAccessToken, 'tok');
    storage.set(storageKeys.portalUserData, '{not json');
    expect(getPortalSession()).toBeNull();
  });

  it('ends alone: the dashboard and inspector sessions and their cached queries stay', () => {
    startSession('tok-admin', admin);
    startInspectorSession('tok-inspector', { ...client, id: 2, userType: 'inspector' });
    startPortalSession('tok-client', client);
    queryClient.setQueryData([PORTAL_QUERY_KEY, 'overview'], { sites: [] });
    queryClient.setQueryData(['sites'], { sites: [] });
    endPortalSession();
    expect(getPortalSession()).toBeNull();
    expect(storage.get(storageKeys.portalAccessToken)).toBeNull();
    expect(getSession()?.token).toBe('tok-admin');
    expect(getInspectorSession()?.token).toBe('tok-inspector');
    expect(queryClient.getQueryData([PORTAL_QUERY_KEY, 'overview'])).toBeUndefined();
    expect(queryClient.getQueryData(['sites'])).toBeDefined();
  });

  it("sends the portal's token on portal calls, and a 401 calls the portal's handler only", async () => {
    startSession('tok-admin', admin);
    startPortalSession('tok-client', client);
    const fetchMock = vi.fn<typeof fetch>(
      async () => new Response(JSON.stringify({ message: 'Session expired' }), { status: 401 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onUnauthorized = vi.fn(() => endPortalSession());
    setPortalUnauthorizedHandler(onUnauthorized);

    await expect(portalApi.get('/portal/overview')).rejects.toMatchObject({ status: 401 });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('tok-client');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(getPortalSession()).toBeNull();
    expect(getSession()?.token).toBe('tok-admin');
  });
});
