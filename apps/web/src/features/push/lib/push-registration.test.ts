import { PUSH_REGISTRATION_REFRESH_MS } from '@inspecta/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage, storageKeys } from '@/lib/storage';
import { PushRequestTimeoutError, withPushTimeout } from '../api/push-request';
import { applicationServerKey } from './browser-push';
import { refreshBrowserPushIfDue } from './push-registration';
import {
  readStoredRegistration,
  registrationNeedsRefresh,
  saveStoredRegistration,
} from './stored-registration';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-23T10:00:00Z');
const PUBLIC_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

describe('registrationNeedsRefresh (SPEC.md 9: refreshed after 7 days)', () => {
  const record = (ageMs: number) => ({ id: 1, endpoint: 'https://push.example/1', sentAt: NOW - ageMs });

  it('keeps a registration younger than 7 days', () => {
    expect(registrationNeedsRefresh(record(0), NOW)).toBe(false);
    expect(registrationNeedsRefresh(record(PUSH_REGISTRATION_REFRESH_MS - 1), NOW)).toBe(false);
  });

  it('re-sends one that is 7 days old or older', () => {
    expect(PUSH_REGISTRATION_REFRESH_MS).toBe(7 * DAY);
    expect(registrationNeedsRefresh(record(7 * DAY), NOW)).toBe(true);
    expect(registrationNeedsRefresh(record(30 * DAY), NOW)).toBe(true);
  });

  it('re-sends one saved "in the future" (a wrong device clock must not postpone it for ever)', () => {
    expect(registrationNeedsRefresh(record(-DAY), NOW)).toBe(true);
  });
});

// A browser with a granted permission and a current subscription, and a server behind fetch.
interface Call {
  method: string;
  url: string;
  body: unknown;
  authorization: string | null;
}

function fakeBrowser(permission: NotificationPermission) {
  const subscription = {
    endpoint: 'https://push.example/current',
    options: { applicationServerKey: applicationServerKey(PUBLIC_KEY).buffer },
    toJSON: () => ({ endpoint: 'https://push.example/current', keys: { p256dh: 'p256', auth: 'secret' } }),
    unsubscribe: vi.fn(async () => true),
  };
  const registration = {
    pushManager: {
      getSubscription: vi.fn(async () => subscription),
      subscribe: vi.fn(async () => subscription),
    },
  };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission, requestPermission: vi.fn(async () => permission) });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: vi.fn(async () => registration),
      ready: Promise.resolve(registration),
      getRegistration: vi.fn(async () => registration),
    },
  });
  return { subscription, registration };
}

function fakeServer(answers: Record<string, { status: number; body: unknown }>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const path = new URL(url, 'http://localhost').pathname;
      calls.push({
        method,
        url: path,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        authorization: new Headers(init.headers).get('Authorization'),
      });
      const answer = answers[`${method} ${path}`] ?? { status: 500, body: { message: 'unexpected' } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

const registrationAnswer = (id: number) => ({
  message: 'ok',
  registration: {
    id,
    deviceLabel: '',
    pushService: 'https://push.example',
    createdAt: new Date(NOW).toISOString(),
    refreshedAt: new Date(NOW).toISOString(),
    lastSuccessAt: null,
  },
});

describe('refreshBrowserPushIfDue (on app start, after sign-in)', () => {
  beforeEach(() => {
    storage.clear();
    storage.setToken('token-1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    storage.clear();
  });

  it('does nothing for a device that never registered, or registered less than 7 days ago', async () => {
    fakeBrowser('granted');
    const calls = fakeServer({});
    expect(await refreshBrowserPushIfDue(NOW)).toBe('not-registered');
    saveStoredRegistration({ id: 5, endpoint: 'https://push.example/current', sentAt: NOW - 6 * DAY });
    expect(await refreshBrowserPushIfDue(NOW)).toBe('fresh');
    expect(calls).toEqual([]);
  });

  it('re-sends (PATCH) the current subscription after 7 days and remembers when', async () => {
    fakeBrowser('granted');
    const calls = fakeServer({
      'GET /api/push/vapid-public-key': { status: 200, body: { publicKey: PUBLIC_KEY } },
      'PATCH /api/push/registrations/5': { status: 200, body: registrationAnswer(5) },
    });
    saveStoredRegistration({ id: 5, endpoint: 'https://push.example/old', sentAt: NOW - 7 * DAY });
    expect(await refreshBrowserPushIfDue(NOW)).toBe('refreshed');
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch).toEqual({
      method: 'PATCH',
      url: '/api/push/registrations/5',
      body: { endpoint: 'https://push.example/current', keys: { p256dh: 'p256', auth: 'secret' } },
      authorization: 'token-1',
    });
    expect(readStoredRegistration()).toEqual({
      id: 5,
      endpoint: 'https://push.example/current',
      sentAt: NOW,
    });
  });

  it('registers again (POST) when the server no longer knows the registration', async () => {
    fakeBrowser('granted');
    const calls = fakeServer({
      'GET /api/push/vapid-public-key': { status: 200, body: { publicKey: PUBLIC_KEY } },
      'PATCH /api/push/registrations/5': {
        status: 404,
        body: { message: 'Push registration was not found' },
      },
      'POST /api/push/registrations': { status: 201, body: registrationAnswer(9) },
    });
    saveStoredRegistration({ id: 5, endpoint: 'https://push.example/current', sentAt: NOW - 8 * DAY });
    expect(await refreshBrowserPushIfDue(NOW)).toBe('registered-again');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/push/vapid-public-key',
      'PATCH /api/push/registrations/5',
      'POST /api/push/registrations',
    ]);
    expect(readStoredRegistration()?.id).toBe(9);
  });

  it('withdraws the registration when the permission was taken back', async () => {
    const { subscription } = fakeBrowser('denied');
    const calls = fakeServer({
      'DELETE /api/push/registrations/5': { status: 200, body: { message: 'off' } },
    });
    saveStoredRegistration({ id: 5, endpoint: 'https://push.example/current', sentAt: NOW - 8 * DAY });
    expect(await refreshBrowserPushIfDue(NOW)).toBe('withdrawn');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['DELETE /api/push/registrations/5']);
    expect(storage.get(storageKeys.pushRegistration)).toBeNull();
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });
});

describe('withPushTimeout (SPEC.md 9: requests time out after 10 s)', () => {
  it('aborts the request after 10 s and says so', async () => {
    vi.useFakeTimers();
    try {
      let seen: AbortSignal | undefined;
      const pending = withPushTimeout(
        (signal) =>
          new Promise((_resolve, reject) => {
            seen = signal;
            signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
      const outcome = expect(pending).rejects.toBeInstanceOf(PushRequestTimeoutError);
      await vi.advanceTimersByTimeAsync(9_999);
      expect(seen?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(seen?.aborted).toBe(true);
      await outcome;
    } finally {
      vi.useRealTimers();
    }
  });
});
