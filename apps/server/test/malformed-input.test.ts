import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { INSPECTION_UPLOAD_MAX_BYTES, PROFILE_IMAGE_MAX_BYTES } from '@inspecta/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, inspectionCategories, sites, users } from '../src/db/schema.js';
import { multipartFile } from './helpers/multipart.js';
import { createTestApp, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** 2^31: one past what an integer column holds. */
const TOO_BIG_ID = 2147483648;

describe('malformed input: a 4xx naming the field, never a 5xx, nothing written', () => {
  let ctx: TestContext;
  let adminToken: string;
  let inspectorToken: string;
  let categoryId: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    adminToken = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'admin' }));
    inspectorToken = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'inspector' }));
    const created = await call('POST', '/api/inspection-categories', {
      name: `Routine ${randomBytes(3).toString('hex')}`,
      colour: '#1F5FA6',
    });
    expect(created.statusCode, created.body).toBe(201);
    categoryId = created.json().category.id;
  });
  afterAll(() => ctx.close());

  function call(method: Method, url: string, payload?: unknown, token: string | null = adminToken) {
    return ctx.app.inject({
      method,
      url,
      headers: token ? { authorization: token } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  /** A JSON body sent as written, so escapes like \u0000 and \ud800 reach the parser untouched. */
  function callRaw(method: Method, url: string, json: string, token = adminToken) {
    return ctx.app.inject({
      method,
      url,
      headers: { authorization: token, 'content-type': 'application/json' },
      payload: json,
    });
  }

  /** Row counts that a refused request must leave as they were. */
  async function snapshot() {
    const [[a], [s], [u], [c]] = await Promise.all([
      ctx.db.select({ n: count() }).from(auditEvents),
      ctx.db.select({ n: count() }).from(sites),
      ctx.db.select({ n: count() }).from(users),
      ctx.db.select({ n: count() }).from(inspectionCategories),
    ]);
    return { audit: a!.n, sites: s!.n, users: u!.n, categories: c!.n };
  }

  function expectRefused(
    response: { statusCode: number; body: string; json(): Record<string, unknown> },
    status: number,
    code: string,
    field?: string,
  ) {
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json() as {
      statusCode: number;
      error: string;
      code: string;
      details?: { field: string }[];
    };
    expect(body).toMatchObject({
      statusCode: status,
      code,
      error: expect.any(String),
      message: expect.any(String),
    });
    if (field) expect(body.details?.map((d) => d.field)).toContain(field);
  }

  describe('a NUL character', () => {
    const lists = [
      '/api/admin/userlist',
      '/api/admin/userlist/export',
      '/api/create/admin',
      '/api/auth/get/all/sites',
      '/api/auth/get/all/sites/export',
      '/api/auth/get/client/list',
      '/api/inspection-categories',
      '/api/templates',
      '/api/templates/export',
      '/api/auth/equipments',
      '/api/auth/equipments/export',
      '/api/auth/equipments/site-options',
      '/api/auth/global-equipment/list',
      '/api/auth/global-equipment/export',
      '/api/auth/global-equipment/options',
      '/api/auth/inspectors',
      '/api/auth/get/active/assignments',
      '/api/auth/get/active/assignments/export',
      '/api/global/search',
      '/api/auth/inspections',
      '/api/auth/inspections/export',
    ];

    it.each(lists)('in the search of %s answers 400 naming search', async (path) => {
      expectRefused(await call('GET', `${path}?search=a%00b`), 400, 'VALIDATION_FAILED', 'search');
    });

    it('in any query parameter is named, e.g. city', async () => {
      expectRefused(await call('GET', '/api/auth/get/all/sites?city=%00'), 400, 'VALIDATION_FAILED', 'city');
    });

    it('in a JSON string answers 400 naming the field and writes nothing', async () => {
      const before = await snapshot();
      expectRefused(
        await callRaw('POST', '/api/auth/sites', '{"name":"a\\u0000b"}'),
        400,
        'VALIDATION_FAILED',
        'name',
      );
      expectRefused(
        await callRaw(
          'PATCH',
          `/api/inspection-categories/${categoryId}`,
          '{"name":"Routine","description":"x\\u0000"}',
        ),
        400,
        'VALIDATION_FAILED',
        'description',
      );
      expect(await snapshot()).toEqual(before);
    });

    it('deep in a body is named by its dotted path', async () => {
      const response = await callRaw(
        'POST',
        '/api/auth/sites',
        '{"name":"Depot","address":{"city":"\\u0000"},"tags":["ok","\\u0000"]}',
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().details.map((d: { field: string }) => d.field)).toEqual(
        expect.arrayContaining(['address.city']),
      );
    });

    it('in a JSON key is refused too', async () => {
      expectRefused(
        await callRaw('POST', '/api/auth/sites', '{"name":"Depot","a\\u0000":1}'),
        400,
        'VALIDATION_FAILED',
      );
    });
  });

  describe('a lone UTF-16 surrogate', () => {
    it('in a JSON string answers 400 naming the field and writes nothing', async () => {
      const before = await snapshot();
      expectRefused(
        await callRaw('PATCH', `/api/inspection-categories/${categoryId}`, '{"name":"\\ud800"}'),
        400,
        'VALIDATION_FAILED',
        'name',
      );
      expectRefused(
        await callRaw('POST', '/api/inspection-categories', '{"name":"x\\udfffy","colour":"#1F5FA6"}'),
        400,
        'VALIDATION_FAILED',
        'name',
      );
      expect(await snapshot()).toEqual(before);
    });

    it('encoded in a query string (%ED%A0%80 is not UTF-8) is kept as typed and searched, not a 5xx', async () => {
      const response = await call('GET', '/api/admin/userlist?search=%ED%A0%80');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().users).toEqual([]);
    });

    it('a well-formed pair (an emoji) is still accepted', async () => {
      const response = await callRaw(
        'PATCH',
        `/api/inspection-categories/${categoryId}`,
        '{"name":"Routine \\ud83d\\udd25"}',
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().category.name).toBe('Routine 🔥');
    });
  });

  describe('an id of 2^31 or more', () => {
    const routes: [Method, string, unknown?][] = [
      ['DELETE', `/api/auth/sites/delete/${TOO_BIG_ID}`],
      ['PATCH', `/api/notifications/${TOO_BIG_ID}/read`],
      ['DELETE', `/api/notifications/${TOO_BIG_ID}`],
      ['GET', `/api/admin/users/${TOO_BIG_ID}`],
      ['GET', `/api/auth/equipments/${TOO_BIG_ID}`],
      ['GET', `/api/auth/inspections/${TOO_BIG_ID}`],
      ['GET', `/api/templates/${TOO_BIG_ID}`],
      ['GET', `/api/templates/1/versions/${TOO_BIG_ID}`],
      ['GET', `/api/inspection-categories/${TOO_BIG_ID}`],
      ['GET', `/api/auth/sites/full-details/${TOO_BIG_ID}`],
      ['PATCH', `/api/push/registrations/${TOO_BIG_ID}`, { label: 'x' }],
    ];

    it.each(routes.filter((r) => r[1].includes(String(TOO_BIG_ID))))(
      '%s %s answers 400 naming the id',
      async (method, url, payload) => {
        const response = await call(method, url, payload);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().code).toBe('VALIDATION_FAILED');
        expect(response.json().details.map((d: { field: string }) => d.field)).toContain(
          url.endsWith(`versions/${TOO_BIG_ID}`) ? 'version' : 'id',
        );
      },
    );

    it('in a query filter answers 400 naming it', async () => {
      for (const [path, field] of [
        ['/api/auth/equipments', 'site_id'],
        ['/api/auth/get/all/sites', 'client_id'],
        ['/api/auth/get/active/assignments', 'inspector_id'],
        ['/api/auth/inspections', 'category_id'],
        ['/api/auth/site-completed-inspections', 'site_id'],
      ] as const) {
        expectRefused(await call('GET', `${path}?${field}=${TOO_BIG_ID}`), 400, 'VALIDATION_FAILED', field);
      }
    });

    it('in a body answers 400 naming it and writes nothing', async () => {
      const before = await snapshot();
      expectRefused(
        await call('POST', '/api/auth/sites', { name: 'Depot', clientId: TOO_BIG_ID }),
        400,
        'VALIDATION_FAILED',
        'clientId',
      );
      expectRefused(
        await call('POST', '/api/auth/equipments', {
          siteId: TOO_BIG_ID,
          equipmentTypeId: 1,
          assetTag: 'AT-1',
          name: 'Unit',
        }),
        400,
        'VALIDATION_FAILED',
        'siteId',
      );
      expect(await snapshot()).toEqual(before);
    });

    it('the largest id a column holds is still an id (404, not 400)', async () => {
      const response = await call('GET', '/api/admin/users/2147483647');
      expect(response.statusCode).toBe(404);
    });
  });

  describe('upload routes', () => {
    const MiB = 1024 * 1024;
    const uploads: [string, string, () => string, number][] = [
      ['POST', '/api/inspector/uploads', () => inspectorToken, INSPECTION_UPLOAD_MAX_BYTES],
      ['POST', '/api/auth/me/profile-image', () => adminToken, PROFILE_IMAGE_MAX_BYTES],
      ['POST', '/api/admin/users/1/profile-image', () => adminToken, PROFILE_IMAGE_MAX_BYTES],
      ['POST', '/api/settings/organisation/logo', () => adminToken, PROFILE_IMAGE_MAX_BYTES],
    ];

    /** A PNG signature then noise: the size alone must decide, before any decoding. */
    const pngOf = (bytes: number) =>
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(bytes)]);

    it.each(uploads)(
      '%s %s: a body that is not multipart answers 400 naming file',
      async (_m, url, token) => {
        const before = await snapshot();
        const response = await ctx.app.inject({
          method: 'POST',
          url,
          headers: { authorization: token(), 'content-type': 'multipart/form-data; boundary=zz' },
          payload: '{"a":1}',
        });
        expectRefused(response, 400, 'VALIDATION_FAILED', 'file');
        expect(await snapshot()).toEqual(before);
      },
    );

    it('equipment import: a body that is not multipart answers 400 naming file', async () => {
      for (const url of [
        '/api/auth/equipments/import/preview?site_id=1',
        '/api/auth/equipments/import?site_id=1',
      ]) {
        const response = await ctx.app.inject({
          method: 'POST',
          url,
          headers: { authorization: adminToken, 'content-type': 'multipart/form-data; boundary=zz' },
          payload: '{"a":1}',
        });
        expectRefused(response, 400, 'VALIDATION_FAILED', 'file');
      }
    });

    it.each(uploads)(
      '%s %s: an image 1 MiB over the limit answers 413 every time',
      async (_m, url, token, limit) => {
        const big = pngOf(limit + MiB);
        const before = await snapshot();
        for (let i = 0; i < 4; i++) {
          const body = multipartFile(big, 'big.png', 'image/png');
          const response = await ctx.app.inject({
            method: 'POST',
            url,
            headers: { authorization: token(), ...body.headers },
            payload: body.payload,
          });
          expectRefused(response, 413, 'PAYLOAD_TOO_LARGE', 'file');
        }
        expect(await snapshot()).toEqual(before);
      },
    );

    it.each(uploads)(
      '%s %s: 413 also when the limit falls exactly on a chunk boundary of the request',
      async (_m, url, token, limit) => {
        // The first chunk carries exactly the limit's worth of the file, the next one the rest: the
        // parser then marks the file truncated without handing over another byte.
        const file = pngOf(limit + MiB);
        const body = multipartFile(file, 'big.png', 'image/png');
        const fileStart = body.payload.indexOf(file.subarray(0, 8));
        const cut = fileStart + limit;
        const response = await ctx.app.inject({
          method: 'POST',
          url,
          headers: { authorization: token(), ...body.headers },
          payload: Readable.from([body.payload.subarray(0, cut), body.payload.subarray(cut)]),
        });
        expectRefused(response, 413, 'PAYLOAD_TOO_LARGE', 'file');
      },
    );
  });

  describe('errors Fastify and Node answer themselves follow the error contract', () => {
    let baseUrl: string;

    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    });

    /** A raw request over a socket: the HTTP parser's own refusals never reach app.inject. */
    function raw(path: string, headers: Record<string, string> = {}) {
      return new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(`${baseUrl}${path}`, { headers }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => {
            body += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        request.on('error', reject);
        request.end();
      });
    }

    it('a 60 KB query string answers 431 with a code', async () => {
      const response = await raw(`/api/admin/userlist?search=${'a'.repeat(60_000)}`);
      expect(response.status).toBe(431);
      expect(JSON.parse(response.body)).toMatchObject({
        statusCode: 431,
        error: 'Request Header Fields Too Large',
        code: 'HEADERS_TOO_LARGE',
        message: expect.any(String),
      });
    });

    it('a URL that is not valid percent-encoding answers 400 with a code', async () => {
      const response = await raw('/api/admin/users/%E0%A4%A');
      expect(response.status).toBe(400);
      expect(JSON.parse(response.body)).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST' });
    });

    it('an over-long path parameter answers 414 with a code', async () => {
      const response = await raw(`/api/files/${'a'.repeat(500)}`);
      expect(response.status).toBe(414);
      expect(JSON.parse(response.body)).toMatchObject({ statusCode: 414, code: 'URI_TOO_LONG' });
    });

    it('bad JSON, a wrong content type, an unknown path and an oversized body carry a code', async () => {
      const badJson = await callRaw('POST', '/api/auth/sites', '{"name":');
      expectRefused(badJson, 400, 'BAD_REQUEST');
      const wrongType = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sites',
        headers: { authorization: adminToken, 'content-type': 'text/xml' },
        payload: '<site/>',
      });
      expectRefused(wrongType, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expectRefused(await call('GET', '/api/no-such-thing'), 404, 'NOT_FOUND');
      const huge = await callRaw('POST', '/api/auth/sites', JSON.stringify({ name: 'x'.repeat(2_000_000) }));
      expectRefused(huge, 413, 'PAYLOAD_TOO_LARGE');
    });
  });
});
