import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { access } from '../src/core/access.js';
import { AppError } from '../src/core/errors.js';
import { createTestApp, insertUser, login, type TestContext, tokenFor } from './helpers/test-app.js';

/** Routes that exist only in this test, to exercise the shared mechanisms. */
async function probeRoutes(app: FastifyInstance) {
  await app.register(
    async (api) => {
      api.get('/probe/admin-only', { config: { access: access.admin } }, async () => ({ ok: true }));
      api.get('/probe/undeclared', async () => ({ leaked: true }));
      api.get('/probe/crash', { config: { access: access.public } }, async () => {
        throw new Error('connection string postgres://secret@db/internal');
      });
      api.get('/probe/busy', { config: { access: access.public } }, async () => {
        throw new AppError('SERVICE_UNAVAILABLE', 'Busy right now. Please try again in a few seconds.', {
          retryAfter: 10,
        });
      });
      api.post('/probe/echo', { config: { access: access.public } }, async (request) => request.body);
    },
    { prefix: '/api' },
  );
}

describe('platform: access control, errors, headers, docs', () => {
  let ctx: TestContext;
  let adminToken: string;
  let inspectorToken: string;

  beforeAll(async () => {
    ctx = await createTestApp({ extend: probeRoutes, config: { BODY_LIMIT_BYTES: '2048' } });
    adminToken = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'admin' }));
    inspectorToken = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'inspector' }));
  });
  afterAll(() => ctx.close());

  it('declares who may call every API route of the product', () => {
    const product = ctx.app.apiRoutes.filter((r) => !r.url.startsWith('/api/probe'));
    expect(product.length).toBeGreaterThan(5);
    const undeclared = product.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    // The documentation is the only public surface besides sign-in (password, phone with its bot
    // check, account recovery), health, invitations, the unguessably named uploaded files
    // (docs/user-management.md, docs/account-recovery.md) and the notification stream, whose
    // credential is a single-use ticket in the query (docs/notifications.md), and the report checks
    // an auditor without an account makes (docs/verification.md).
    const publicRoutes = product
      .filter((r) => r.access?.kind === 'public' && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.sort()).toEqual([
      'GET /api/auth/altcha/challenge',
      'GET /api/auth/invitation',
      'GET /api/files/:name',
      'GET /api/health',
      'GET /api/notifications/stream',
      'GET /api/verify/public-key',
      'GET /api/verify/seals/:id',
      'POST /api/auth/accept-invitation',
      'POST /api/auth/forgot-password',
      'POST /api/auth/login',
      'POST /api/auth/phone/request-code',
      'POST /api/auth/phone/verify',
      'POST /api/auth/reset-password',
      'POST /api/auth/verify-otp',
      'POST /api/verify/hash',
      'POST /api/verify/pdf',
    ]);
  });

  it('refuses a route with no declaration, even to an admin', async () => {
    const response = await ctx.app.inject({
      url: '/api/probe/undeclared',
      headers: { authorization: adminToken },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN');
    expect(response.body).not.toContain('leaked');
  });

  it('lets admins through an admin route and answers 403 to an inspector, 401 to nobody', async () => {
    expect(
      (await ctx.app.inject({ url: '/api/probe/admin-only', headers: { authorization: adminToken } }))
        .statusCode,
    ).toBe(200);
    const asInspector = await ctx.app.inject({
      url: '/api/probe/admin-only',
      headers: { authorization: inspectorToken },
    });
    expect(asInspector.statusCode).toBe(403);
    expect(asInspector.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Your role does not allow this action',
    });
    expect((await ctx.app.inject({ url: '/api/probe/admin-only' })).statusCode).toBe(401);
  });

  it('hides internals of an unexpected failure', async () => {
    const response = await ctx.app.inject({ url: '/api/probe/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Something went wrong on our side. Please try again.',
      code: 'INTERNAL',
    });
    expect(response.body).not.toMatch(/secret|stack|at /);
  });

  it('answers unknown API paths, bad JSON and oversized bodies in the error shape', async () => {
    const missing = await ctx.app.inject({ url: '/api/no/such/thing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');

    const badJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().code).toBe('BAD_REQUEST');

    const tooLarge = await ctx.app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      payload: { text: 'x'.repeat(4096) },
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('sends the same security headers with a strict script policy on every response', async () => {
    const expected = {
      'content-security-policy':
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
        "font-src 'self' data:;connect-src 'self';worker-src 'self';manifest-src 'self';object-src 'none';" +
        "frame-ancestors 'none';base-uri 'self';form-action 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    // An answer, a refusal, an unknown route and a rejected body alike.
    const responses = await Promise.all([
      ctx.app.inject({ url: '/api/health' }),
      ctx.app.inject({ url: '/api/admin/userlist' }),
      ctx.app.inject({ url: '/api/no-such-route' }),
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      }),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 401, 404, 400]);
    for (const response of responses) {
      expect(response.headers).toMatchObject(expected);
      expect(response.headers).not.toHaveProperty('strict-transport-security');
      expect(response.headers).not.toHaveProperty('x-powered-by');
    }
  });

  it('reports the database in /api/health', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: 'up',
      driver: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
    });
  });

  it('serves an OpenAPI document generated from the schemas at /api/docs', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual(
      ['email', 'password'],
    );
    expect(doc.paths['/api/get/notification'].get.responses['200']).toBeDefined();
    expect(doc.paths['/api/probe/undeclared']).toBeDefined();
    const page = await ctx.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});

describe('platform: global rate limit and log redaction', () => {
  let ctx: TestContext;
  const lines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    ctx = await createTestApp({
      extend: probeRoutes,
      config: { RATE_LIMIT_PER_MINUTE: '5' },
      logger: {
        level: 'trace',
        stream,
        redact: { paths: (await import('../src/app.js')).LOG_REDACT_PATHS, censor: '[redacted]' },
      },
    });
  });
  afterAll(() => ctx.close());

  it('answers 429 in the error shape past the per-minute limit', async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof ctx.app.inject>> | undefined;
    for (let i = 0; i < 7; i++) {
      last = await ctx.app.inject({ url: '/api/auth/me', remoteAddress: '10.50.0.1' });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(last!.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(last!.headers['retry-after']).toBeDefined();
  });

  it('never writes the password or the token to the log', async () => {
    const user = await insertUser(ctx.db);
    const response = await login(ctx.app, user.email, user.password, '10.60.0.1');
    const token = response.json().accessToken as string;
    await ctx.app.inject({
      url: '/api/auth/me',
      headers: { authorization: token },
      remoteAddress: '10.60.0.1',
    });
    const log = lines.join('');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(user.password);
    expect(log).not.toContain(token);
  });

  it('logs a failure as an error, and a deliberate "busy, retry" 503 as a warning', async () => {
    const outcomeLines = async (url: string) => {
      const from = lines.length;
      const response = await ctx.app.inject({ url, remoteAddress: '10.70.0.1' });
      const logged = lines
        .slice(from)
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((entry) => entry.level >= 40)
        .map((entry) => [entry.level, entry.msg]);
      return { status: response.statusCode, logged };
    };
    expect(await outcomeLines('/api/probe/crash')).toEqual({ status: 500, logged: [[50, 'request failed']] });
    expect(await outcomeLines('/api/probe/busy')).toEqual({
      status: 503,
      logged: [[40, 'request shed: busy']],
    });
  });
});
