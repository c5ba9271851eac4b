import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = http.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A local stand-in for the India Post API: never the internet in tests. */
function fakeUpstream() {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    const code = (request.url ?? '').split('/').pop() ?? '';
    hits.push(code);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    switch (code) {
      case '400069':
        return json(200, [
          {
            Message: 'Number of pincode(s) found:2',
            Status: 'Success',
            PostOffice: [
              {
                Name: 'Andheri East',
                BranchType: 'Sub Post Office',
                DeliveryStatus: 'Delivery',
                Circle: 'Maharashtra',
                District: 'Mumbai',
                Division: 'Mumbai North West',
                Region: 'Mumbai',
                Block: 'NA',
                State: 'Maharashtra',
                Country: 'India',
                Pincode: '400069',
              },
              {
                Name: 'Chakala MIDC',
                BranchType: 'Sub Post Office',
                DeliveryStatus: 'Non-Delivery',
                District: 'Mumbai',
                Division: 'Mumbai North West',
                Region: 'Mumbai',
                Block: 'Mumbai',
                State: 'Maharashtra',
                Country: 'India',
                Pincode: '400069',
              },
            ],
          },
        ]);
      case '999999':
        return json(200, [{ Message: 'No records found', Status: 'Error', PostOffice: null }]);
      case '500001':
        return json(500, { error: 'internal' });
      case '700001':
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end('<html>maintenance</html>');
      case '700002':
        return json(200, { unexpected: true });
      case '600001':
        // Never answers: the lookup must give up on its own.
        return;
      default:
        return json(200, [{ Message: 'No records found', Status: '404', PostOffice: null }]);
    }
  });
  return {
    hits,
    start: () =>
      new Promise<string>((resolve) => {
        server.listen(0, '127.0.0.1', () => {
          const { port } = server.address() as net.AddressInfo;
          resolve(`http://127.0.0.1:${port}/pincode`);
        });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('postal lookup', () => {
  const upstream = fakeUpstream();
  let ctx: TestContext;
  let down: TestContext;
  let adminToken: string;
  let inspectorToken: string;

  const lookup = (app: TestContext, code: string, token = adminToken) =>
    app.app.inject({ url: `/api/postal/pincode/${code}`, headers: { authorization: token } });

  beforeAll(async () => {
    const url = await upstream.start();
    ctx = await createTestApp({ config: { POSTAL_LOOKUP_URL: url, POSTAL_LOOKUP_TIMEOUT_MS: '400' } });
    // Nothing listens on this port: the service is down.
    down = await createTestApp({
      config: { POSTAL_LOOKUP_URL: `http://127.0.0.1:${await freePort()}/pincode` },
    });
    const admin = await insertUser(ctx.db, { userType: 'admin' });
    adminToken = await tokenFor(ctx.app, admin);
    inspectorToken = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'inspector' }));
  });
  afterAll(async () => {
    await ctx.close();
    await down.close();
    await upstream.stop();
  });

  it('answers city, district, state and localities for a known code', async () => {
    const response = await lookup(ctx, '400069');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      pincode: '400069',
      city: 'Mumbai',
      district: 'Mumbai',
      state: 'Maharashtra',
      country: 'India',
      postOffices: [
        {
          name: 'Andheri East',
          branchType: 'Sub Post Office',
          deliveryStatus: 'Delivery',
          block: null,
          district: 'Mumbai',
          division: 'Mumbai North West',
          region: 'Mumbai',
          state: 'Maharashtra',
        },
        expect.objectContaining({ name: 'Chakala MIDC', block: 'Mumbai' }),
      ],
    });
  });

  it('caches answers and asks the service once for a burst of the same code', async () => {
    const count = (code: string) => upstream.hits.filter((c) => c === code).length;
    await lookup(ctx, '400069');
    const answers = await Promise.all([lookup(ctx, '400069'), lookup(ctx, '400069')]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(count('400069')).toBe(1);
    const burst = await Promise.all([lookup(ctx, '110001'), lookup(ctx, '110001'), lookup(ctx, '110001')]);
    expect(burst.map((a) => a.statusCode)).toEqual([404, 404, 404]);
    expect(count('110001')).toBe(1);
    expect((await lookup(ctx, '110001')).statusCode).toBe(404);
    expect(count('110001')).toBe(1);
  });

  it('checks the format before asking anyone, naming `code`', async () => {
    const hitsBefore = upstream.hits.length;
    for (const code of ['012345', '40006', '4000691', 'abcdef', '40 069']) {
      const response = await lookup(ctx, encodeURIComponent(code));
      expect(response.statusCode, code).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(response.json().details).toEqual([
        { field: 'code', message: 'Enter a 6-digit PIN code that does not start with 0' },
      ]);
    }
    expect(upstream.hits.length).toBe(hitsBefore);
  });

  it('answers 404 when the service knows no such code', async () => {
    for (const code of ['999999', '110099']) {
      const response = await lookup(ctx, code);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(
        `No post office was found for PIN code ${code}; check the code, or enter the city, district and state by hand`,
      );
    }
  });

  it('answers 503 with a way forward when the service fails, answers nonsense or is down', async () => {
    for (const [app, code] of [
      [ctx, '500001'],
      [ctx, '700001'],
      [ctx, '700002'],
      [down, '400069'],
    ] as const) {
      const response = await lookup(
        app,
        code,
        app === down ? await tokenFor(down.app, await insertUser(down.db)) : adminToken,
      );
      expect(response.statusCode, code).toBe(503);
      expect(response.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        code: 'SERVICE_UNAVAILABLE',
        message: 'The postal lookup is unavailable; enter the city, district and state by hand',
      });
    }
  });

  it('gives up after the timeout and does not cache the failure', async () => {
    const started = Date.now();
    const response = await lookup(ctx, '600001');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe(
      'The postal lookup did not answer in time; enter the city, district and state by hand',
    );
    const hits = upstream.hits.filter((c) => c === '600001').length;
    await lookup(ctx, '600001');
    expect(upstream.hits.filter((c) => c === '600001').length).toBe(hits + 1);
  });

  it('is for administrators', async () => {
    expect((await lookup(ctx, '400069', inspectorToken)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/postal/pincode/400069' })).statusCode).toBe(401);
  });
});
