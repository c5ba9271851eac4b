import { errorCodes } from '@inspecta/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSite, insertType, insertUnit } from '../helpers/equipment-fixtures.js';
import { createTestApp, insertUser, type TestContext, tokenFor } from '../helpers/test-app.js';
import {
  bodyFor,
  type JsonSchema,
  junkJson,
  multipartBodies,
  pathValue,
  queryFor,
} from './request-arbitraries.js';

/**
 * The property-based fuzz tier: for every route of the OpenAPI document, generated malformed and
 * boundary requests (wrong types, huge, negative and 2^31 ids, NUL, lone surrogates, very long
 * text, missing and extra fields, bad JSON, wrong content types, odd query parameters) sent as an
 * administrator, an inspector, a client (mostly on the portal's routes, /api/portal) or nobody. Each answer must be below 500; every 4xx must be in the
 * error contract; no body may show a stack trace or SQL; and a refused request must write nothing.
 *
 * FUZZ_RUNS requests per route and seed (default 10); FUZZ_SEED replays one seed. Without it the
 * tier runs a fixed seed and a fresh random one, and a failure names the seed to replay.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const FIXED_SEED = 20261126;
const SEEDS = process.env.FUZZ_SEED
  ? [Number(process.env.FUZZ_SEED)]
  : [FIXED_SEED, Math.floor(Math.random() * 2 ** 31)];
/** Only the routes whose "METHOD path" contains this (to replay one route). */
const ONLY = process.env.FUZZ_ROUTE;

/** What a body of an error, or of anything else, must never show. */
const LEAKS = ['    at ', 'node_modules', 'SELECT ', 'select ', 'violates', 'relation "', 'syntax error'];

/**
 * Refusals that are recorded on purpose: failed sign-ins and codes are counted (login_throttle,
 * one_time_codes attempts) and audited, which is how the sign-in limits hold.
 */
const RECORDS_REFUSALS = new Set([
  'POST /api/auth/login',
  'POST /api/auth/verify-otp',
  'POST /api/auth/reset-password',
  'POST /api/auth/phone/verify',
  'POST /api/auth/phone/request-code',
  'POST /api/auth/forgot-password',
  'POST /api/auth/change-password',
  'PATCH /api/email/update',
  'POST /api/email/update/confirm',
]);

/** Routes whose success ends the caller's session: sent without a token only, so the run keeps its own. */
const ENDS_SESSION = new Set(['POST /api/auth/logout']);

interface Operation {
  method: string;
  path: string;
  parameters: { name: string; in: string; schema?: JsonSchema }[];
  body: JsonSchema | null;
  multipart: boolean;
}

function operationsOf(document: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as {
        parameters?: Operation['parameters'];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        description?: string;
        summary?: string;
      };
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        // Uploads document their multipart body in words (the schema has no file type).
        multipart: /multipart/i.test(`${op.summary ?? ''} ${op.description ?? ''}`),
      });
    }
  }
  return operations.filter((o) => !ONLY || `${o.method} ${o.path}`.includes(ONLY));
}

describe('fuzz: every route answers malformed input with a 4xx in the error contract', () => {
  let ctx: TestContext;
  let adminToken: string;
  let inspectorToken: string;
  let clientToken: string;
  let ids: number[];
  let countsSql: ReturnType<typeof sql.raw>;
  let tables: string[];
  let operations: Operation[];

  beforeAll(async () => {
    ctx = await createTestApp({
      config: {
        // Nothing leaves the process: the PIN code service and push endpoints are unreachable.
        POSTAL_LOOKUP_URL: 'http://127.0.0.1:9/pincode',
        POSTAL_LOOKUP_TIMEOUT_MS: '200',
        PUSH_WORKER_INTERVAL_SECONDS: '0',
        SCHEDULED_NOTIFICATIONS_INTERVAL_SECONDS: '0',
      },
    });
    // A few rows for ids to point at, so generated requests also reach the services.
    const client = await insertUser(ctx.db, {
      userType: 'client',
      company: 'Fuzz Ltd',
      phone: '+919800000099',
    });
    // The client's own site and unit: the portal's routes then reach past the 404 of "not yours".
    const site = await insertSite(ctx.db, { clientId: client.id });
    const type = await insertType(ctx.db);
    const unit = await insertUnit(ctx.db, { siteId: site.id, equipmentTypeId: type.id });
    const admin = await insertUser(ctx.db, { userType: 'admin' });
    const inspector = await insertUser(ctx.db, { userType: 'inspector' });
    adminToken = await tokenFor(ctx.app, admin);
    inspectorToken = await tokenFor(ctx.app, inspector);
    clientToken = await tokenFor(ctx.app, client);
    ids = [site.id, type.id, unit.id, client.id, inspector.id];

    const rows = await ctx.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    tables = (rows as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
    countsSql = sql.raw(
      `select ${tables.map((t) => `(select count(*) from "${t}")::int as "${t}"`).join(', ')}`,
    );
    operations = operationsOf(ctx.app.swagger() as never);
  }, 120_000);
  afterAll(() => ctx?.close());

  async function counts(): Promise<Record<string, number>> {
    const result = (await ctx.db.execute(countsSql)) as unknown as { rows: Record<string, number>[] };
    return result.rows[0]!;
  }

  /** A fresh administrator when the fuzz deactivated, deleted or signed out the one it had. */
  async function keepSignedIn() {
    const me = await ctx.app.inject({ url: '/api/auth/me', headers: { authorization: adminToken } });
    if (me.statusCode === 401) adminToken = await tokenFor(ctx.app, await insertUser(ctx.db));
    const inspectorMe = await ctx.app.inject({
      url: '/api/auth/me',
      headers: { authorization: inspectorToken },
    });
    if (inspectorMe.statusCode === 401)
      inspectorToken = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'inspector' }));
    const clientMe = await ctx.app.inject({ url: '/api/auth/me', headers: { authorization: clientToken } });
    // A new client keeps the site, so the portal's routes still find something of its own.
    if (clientMe.statusCode === 401) {
      const client = await insertUser(ctx.db, { userType: 'client', company: 'Fuzz Ltd' });
      await ctx.db.execute(sql`update sites set client_id = ${client.id} where id = ${ids[0]!}`);
      clientToken = await tokenFor(ctx.app, client);
    }
  }

  type Who = 'admin' | 'inspector' | 'client' | 'nobody' | 'junk';

  function requestArbitrary(op: Operation, only?: Who): fc.Arbitrary<InjectOptions & { describe: string }> {
    const key = `${op.method} ${op.path}`;
    const pathNames = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const queryParams = op.parameters.filter((p) => p.in === 'query');
    const pathArb = fc
      .tuple(...pathNames.map(() => pathValue(ids)))
      .map((values) => pathNames.reduce((url, name, i) => url.replace(`{${name}}`, values[i]!), op.path));
    const queryArb = queryFor(queryParams);
    const bodyArb: fc.Arbitrary<{ payload?: string | Buffer; headers: Record<string, string> }> = op.multipart
      ? multipartBodies()
      : op.body
        ? fc.oneof(
            { weight: 6, arbitrary: bodyFor(op.body).map((v) => jsonBody(JSON.stringify(v))) },
            { weight: 2, arbitrary: junkJson().map((v) => jsonBody(JSON.stringify(v))) },
            {
              weight: 1,
              arbitrary: fc
                .constantFrom('{', '{"a":', '[1,]', 'nul', '{"a":1}}', '\u0000', '', '"\\ud800"')
                .map(jsonBody),
            },
            {
              weight: 1,
              arbitrary: fc
                .constantFrom(
                  'text/plain',
                  'application/xml',
                  'application/x-www-form-urlencoded',
                  'multipart/form-data; boundary=zz',
                )
                .map((type) => ({ payload: 'name=x&a=1', headers: { 'content-type': type } })),
            },
          )
        : fc.oneof(
            fc.constant({ headers: {} }),
            junkJson().map((v) => jsonBody(JSON.stringify(v))),
          );
    const inspectorRoute = op.path.startsWith('/api/inspector');
    // The portal's routes are the client's: mostly sent as one (its session reaches the services).
    const portalRoute = op.path.startsWith('/api/portal');
    const whoArb: fc.Arbitrary<Who> = only
      ? fc.constant(only)
      : ENDS_SESSION.has(key)
        ? fc.constant('nobody')
        : fc.oneof(
            {
              weight: inspectorRoute || portalRoute ? 1 : 7,
              arbitrary: fc.constant('admin' as const),
            },
            { weight: inspectorRoute ? 7 : 1, arbitrary: fc.constant('inspector' as const) },
            { weight: portalRoute ? 7 : 1, arbitrary: fc.constant('client' as const) },
            { weight: 1, arbitrary: fc.constant('nobody' as const) },
            { weight: 1, arbitrary: fc.constant('junk' as const) },
          );
    return fc
      .record({ path: pathArb, query: queryArb, body: bodyArb, who: whoArb })
      .map(({ path, query, body, who }) => {
        const token = {
          admin: adminToken,
          inspector: inspectorToken,
          client: clientToken,
          nobody: undefined,
          junk: 'not-a-token\u00e9',
        }[who];
        const headers = { ...body.headers, ...(token ? { authorization: token } : {}) };
        const options = {
          method: op.method as InjectOptions['method'],
          url: `${path}${query}`,
          headers,
          ...(body.payload === undefined ? {} : { payload: body.payload }),
        };
        const shown =
          typeof body.payload === 'string' ? body.payload.slice(0, 300) : body.payload ? '<binary>' : '';
        return {
          ...options,
          describe: `${op.method} ${path}${query.slice(0, 300)} as ${who} ${JSON.stringify(body.headers)} ${shown}`,
        };
      });
  }

  function jsonBody(text: string) {
    return { payload: text, headers: { 'content-type': 'application/json' } };
  }

  for (const seed of SEEDS) {
    it(`seed ${seed}: ${RUNS} requests per route (replay: FUZZ_SEED=${seed} FUZZ_RUNS=${RUNS})`, async () => {
      if (!ONLY) expect(operations.length).toBeGreaterThan(80);
      const statuses = new Map<number, number>();
      const failures: string[] = [];
      let portalAsClient = 0;
      for (const op of operations) {
        const key = `${op.method} ${op.path}`;
        await keepSignedIn();
        let asClient = 0;
        const property = async ({ describe: shown, ...request }: InjectOptions & { describe: string }) => {
          if (shown.includes(' as client ')) asClient++;
          const before = await counts();
          const response = await ctx.app.inject(request);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const where = `${shown}\n→ ${response.statusCode} ${response.body.slice(0, 500)}`;
          expect(response.statusCode, where).toBeLessThan(500);
          const type = String(response.headers['content-type'] ?? '');
          if (/json|text|csv/.test(type) || !type) {
            for (const leak of LEAKS) expect(response.body, `${where}\nshows "${leak}"`).not.toContain(leak);
          }
          if (response.statusCode >= 400) {
            const body = response.json() as Record<string, unknown>;
            expect(body, where).toMatchObject({
              statusCode: response.statusCode,
              error: expect.any(String),
              message: expect.any(String),
              code: expect.any(String),
            });
            expect(errorCodes, where).toContain(body.code);
            if (!RECORDS_REFUSALS.has(key)) expect(await counts(), `${where}\nwrote rows`).toEqual(before);
          }
        };
        const result = await fc.check(fc.asyncProperty(requestArbitrary(op), property), {
          seed,
          numRuns: RUNS,
          endOnFailure: RUNS > 50,
        });
        // Every route runs even when one fails, so one run reports all that it found.
        if (result.failed) failures.push(`${key}: ${fc.defaultReportMessage(result)}`);
        // A portal route always gets at least one request with the client's session, whatever the draw.
        else if (op.path.startsWith('/api/portal') && asClient === 0) {
          const again = await fc.check(fc.asyncProperty(requestArbitrary(op, 'client'), property), {
            seed,
            numRuns: 1,
          });
          if (again.failed) failures.push(`${key} (as client): ${fc.defaultReportMessage(again)}`);
        }
        if (op.path.startsWith('/api/portal')) portalAsClient += asClient;
      }
      const sent = [...statuses.values()].reduce((a, b) => a + b, 0);
      const tally = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
      console.log(
        `fuzz seed ${seed}: ${sent} requests over ${operations.length} routes (${tally.join(', ')}); ${portalAsClient} to the portal as its client`,
      );
    }, 3_600_000);
  }
});
