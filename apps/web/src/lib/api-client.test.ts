import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, createApiClient, setUnauthorizedHandler } from './api-client';
import { storage } from './storage';

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function setup(
  options: {
    token?: string | null;
    response?: Response | (() => Promise<Response>);
    sessionRequired?: boolean;
  } = {},
) {
  const fetchMock = vi.fn<typeof fetch>(async () => {
    const { response } = options;
    if (typeof response === 'function') return response();
    return response ?? jsonResponse(200, { ok: true });
  });
  const onUnauthorized = vi.fn();
  const client = createApiClient({
    baseUrl: '/api',
    getToken: () => options.token ?? null,
    onUnauthorized,
    sessionRequired: options.sessionRequired,
    fetch: fetchMock,
  });
  const lastCall = () => {
    const call = fetchMock.mock.calls.at(-1);
    if (!call) throw new Error('fetch was not called');
    const [url, init] = call;
    return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
  };
  return { client, fetchMock, onUnauthorized, lastCall };
}

describe('api client: request', () => {
  it('answers 401 without sending when a client that needs the session has none', async () => {
    const { client, fetchMock, onUnauthorized } = setup({ token: null, sessionRequired: true });
    const error = await client.get('/inspector/assignments').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    // A call that passes its own token, or none on purpose (a public call), is still sent.
    await client.post('/auth/logout', undefined, { token: 'tok_given', skipUnauthorizedHandler: true });
    await client.post('/auth/login', {}, { token: null, skipUnauthorizedHandler: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('sends the raw stored token as Authorization, without a Bearer prefix', async () => {
    const { client, lastCall } = setup({ token: 'tok_abc123' });
    await client.get('/auth/me');
    expect(lastCall().headers.get('Authorization')).toBe('tok_abc123');
  });

  it('sends no Authorization header when no token is stored', async () => {
    const { client, lastCall } = setup({ token: null });
    await client.get('/get/notification');
    expect(lastCall().headers.has('Authorization')).toBe(false);
  });

  it('lets a call send a given token instead of the stored one', async () => {
    const { client, lastCall } = setup({ token: 'stored' });
    await client.post('/auth/logout', undefined, { token: 'issued-just-now' });
    expect(lastCall().headers.get('Authorization')).toBe('issued-just-now');
  });

  it('never sends cookies, and sends JSON bodies to base + path with the query string', async () => {
    const { client, lastCall } = setup({ token: 't' });
    const result = await client.post<{ ok: boolean }>('auth/login', { email: 'a@b.co', password: 'x' });
    expect(result).toEqual({ ok: true });
    let call = lastCall();
    expect(call.url).toBe('/api/auth/login');
    expect(call.init.method).toBe('POST');
    expect(call.init.credentials).toBe('omit');
    expect(call.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(call.init.body))).toEqual({ email: 'a@b.co', password: 'x' });

    await client.get('/get/notification', { query: { page: 2, limit: 20, search: undefined } });
    call = lastCall();
    expect(call.url).toBe('/api/get/notification?page=2&limit=20');
    expect(call.init.body).toBeUndefined();
  });
});

describe('api client: uploads', () => {
  it('sends FormData as is, leaving the multipart Content-Type to the browser', async () => {
    const { client, lastCall } = setup({ token: 't' });
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await client.post('/auth/me/profile-image', form);
    const call = lastCall();
    expect(call.init.body).toBe(form);
    expect(call.headers.has('Content-Type')).toBe(false);
    expect(call.headers.get('Authorization')).toBe('t');
  });
});

describe('api client: errors', () => {
  it('calls the logout handler on a 401 and still rejects with an ApiError', async () => {
    const { client, onUnauthorized } = setup({
      token: 'expired',
      response: jsonResponse(401, {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Your session has ended',
        code: 'UNAUTHENTICATED',
      }),
    });
    await expect(client.get('/auth/me')).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not call the logout handler for a 401 the call opted out of (the login call)', async () => {
    const { client, onUnauthorized } = setup({
      response: jsonResponse(401, {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Email or password is incorrect',
        code: 'INVALID_CREDENTIALS',
      }),
    });
    await expect(client.post('/auth/login', {}, { skipUnauthorizedHandler: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not call the logout handler for other failures', async () => {
    const { client, onUnauthorized } = setup({
      token: 't',
      response: jsonResponse(403, { statusCode: 403, error: 'Forbidden', message: 'No', code: 'FORBIDDEN' }),
    });
    await expect(client.get('/x')).rejects.toMatchObject({ status: 403 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('surfaces the error body as ApiError code, message and details', async () => {
    const { client } = setup({
      response: jsonResponse(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Some fields are not valid',
        code: 'VALIDATION_FAILED',
        details: [
          { field: 'email', message: 'Enter a valid email address' },
          { field: 'password', message: 'Password is required' },
        ],
      }),
    });
    const error = await client.post('/auth/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.code).toBe('VALIDATION_FAILED');
    expect(apiError.message).toBe('Some fields are not valid');
    expect(apiError.details).toEqual([
      { field: 'email', message: 'Enter a valid email address' },
      { field: 'password', message: 'Password is required' },
    ]);
    expect(apiError.fieldErrors()).toEqual({
      email: 'Enter a valid email address',
      password: 'Password is required',
    });
  });

  it('reads Retry-After on 429', async () => {
    const { client } = setup({
      response: jsonResponse(
        429,
        { statusCode: 429, error: 'Too Many Requests', message: 'Too many attempts.', code: 'RATE_LIMITED' },
        { 'Retry-After': '42' },
      ),
    });
    await expect(client.post('/auth/login', {})).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many attempts.',
      retryAfterSeconds: 42,
    });
  });

  it('falls back to a status-based code and a readable message when the body is not JSON', async () => {
    const { client } = setup({ response: new Response('<html>Bad gateway</html>', { status: 502 }) });
    const error = (await client.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(502);
    expect(error.code).toBe('INTERNAL');
    expect(error.message).toMatch(/try again/i);
    expect(error.details).toEqual([]);
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    const { client, onUnauthorized } = setup({
      response: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(client.get('/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('the app api instance', () => {
  afterEach(() => {
    setUnauthorizedHandler(() => {});
    vi.unstubAllGlobals();
  });

  it('uses the token from local storage and the registered 401 handler', async () => {
    storage.setToken('from-storage');
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const fetchMock = vi.fn<typeof fetch>(async () =>
      jsonResponse(401, {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Expired',
        code: 'UNAUTHENTICATED',
      }),
    );
    vi.stubGlobal('fetch', fetchMock);

    await expect(api.get('/get/notification')).rejects.toBeInstanceOf(ApiError);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/get/notification');
    expect(new Headers(init?.headers).get('Authorization')).toBe('from-storage');
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

describe('api client: uploads and files', () => {
  it('posts FormData without forcing a JSON content type', async () => {
    const { client, lastCall } = setup({ token: 't' });
    const form = new FormData();
    form.append('file', new Blob(['a,b']), 'units.csv');
    await client.postForm('/auth/equipments/import', form, { query: { site_id: 3 } });
    const call = lastCall();
    expect(call.url).toBe('/api/auth/equipments/import?site_id=3');
    expect(call.init.body).toBe(form);
    expect(call.headers.has('Content-Type')).toBe(false);
    expect(call.headers.get('Authorization')).toBe('t');
  });

  it('answers a file with the name from Content-Disposition, and errors as ApiError', async () => {
    const { client } = setup({
      token: 't',
      response: new Response('x', {
        status: 200,
        headers: {
          'Content-Disposition': `attachment; filename="a.xlsx"; filename*=UTF-8''equipment%20list.xlsx`,
        },
      }),
    });
    const file = await client.getFile('/auth/equipments/export');
    expect(file.fileName).toBe('equipment list.xlsx');
    expect(await file.blob.text()).toBe('x');

    const failing = setup({ token: 't', response: jsonResponse(403, { message: 'No', code: 'FORBIDDEN' }) });
    await expect(failing.client.getFile('/x')).rejects.toBeInstanceOf(ApiError);
  });

  it('reads plain and missing file names', async () => {
    const { fileNameFromDisposition } = await import('./api-client');
    expect(fileNameFromDisposition('attachment; filename="equipment.csv"')).toBe('equipment.csv');
    expect(fileNameFromDisposition('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
