import { randomBytes } from 'node:crypto';
import type { UserType } from '@inspecta/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessRule, OwnObjectRule } from '../src/core/access.js';
import { hashSessionToken } from '../src/core/security/session-token.js';
import type { Database } from '../src/db/database.js';
import {
  assignmentEquipment,
  assignments,
  correctiveActions,
  equipment,
  inspectionRequests,
  inspections,
  notifications,
  pushSubscriptions,
  sessions,
  shopBills,
  shopOrders,
  sites,
  users,
} from '../src/db/schema.js';
import type { RouteAccessEntry } from '../src/plugins/access-control.js';
import { insertAssignment, insertInspectionRecord, insertWorkRefs } from './helpers/dashboard-fixtures.js';
import { insertSite, insertType, insertUnit } from './helpers/equipment-fixtures.js';
import { insertOrder, insertProduct } from './helpers/shop-fixtures.js';
import { createTestApp, insertUser, type TestContext } from './helpers/test-app.js';

/**
 * Every API route × every kind of caller. What each caller must get follows from the rule declared
 * beside the route (`config.access`, and `config.ownObject` for a non-admin route whose `:id` is one
 * user's object), so a new route is in this matrix the moment it is registered, and one that
 * declares too little fails here.
 *
 * Callers that pass the gate send an unknown id and an empty body: the point is who gets through
 * the door, not what the handler does, and nothing here may change data a later call depends on.
 */

type Caller =
  | 'anonymous'
  | 'admin'
  | 'inspector'
  | 'client'
  | 'deactivated'
  | 'deleted'
  | 'logged out'
  | 'expired';

const SIGNED_OUT_CALLERS: Caller[] = ['anonymous', 'deactivated', 'deleted', 'logged out', 'expired'];
const ROLE_CALLERS: Record<UserType, Caller> = { admin: 'admin', inspector: 'inspector', client: 'client' };
const UNKNOWN_ID = '999999';
const ROLE_REFUSAL = 'Your role does not allow this action';

/** A session row written straight into the table, as sign-in would write it (no password work per call). */
async function sessionFor(
  db: Database,
  userId: number,
  values: { expiresAt?: Date; revokedAt?: Date } = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    userId,
    tokenHash: hashSessionToken(token),
    expiresAt: values.expiresAt ?? new Date(Date.now() + 3_600_000),
    revokedAt: values.revokedAt ?? null,
  });
  return token;
}

function concretePath(url: string): string {
  return url
    .replace(/:id\b/g, UNKNOWN_ID)
    .replace(/:version\b/g, '1')
    .replace(/:name\b/g, 'no-such-file.png')
    .replace(/:code\b/g, '000000');
}

function sendsBody(method: string): boolean {
  return method === 'POST' || method === 'PUT' || method === 'PATCH';
}

async function call(app: FastifyInstance, method: string, url: string, token?: string, body?: unknown) {
  return app.inject({
    method: method as 'GET',
    url,
    headers: token ? { authorization: token } : {},
    ...(sendsBody(method) ? { payload: (body ?? {}) as object } : {}),
  });
}

/** Who the declared rule lets through the gate. */
function admits(rule: AccessRule, caller: Caller): boolean {
  if (rule.kind === 'public') return true;
  if (SIGNED_OUT_CALLERS.includes(caller)) return false;
  if (rule.kind === 'authenticated') return true;
  return rule.roles.some((role) => ROLE_CALLERS[role] === caller);
}

/** Non-admin routes that name an object by id in the path, which must say whose it is. */
function needsOwnership(route: RouteAccessEntry): boolean {
  const rule = route.access;
  if (!rule || rule.kind === 'public') return false;
  const nonAdmin = rule.kind === 'authenticated' || rule.roles.some((r) => r !== 'admin');
  return nonAdmin && /:id\b/.test(route.url);
}

describe('authorization matrix: every route × every kind of caller', () => {
  let ctx: TestContext;
  const tokens = {} as Record<Exclude<Caller, 'anonymous'>, () => Promise<string>>;
  let routes: RouteAccessEntry[];

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.db;
    const admin = await insertUser(db, { userType: 'admin' });
    const inspector = await insertUser(db, { userType: 'inspector' });
    const client = await insertUser(db, { userType: 'client', company: 'Acme Facilities' });
    const deactivated = await insertUser(db, { userType: 'admin' });
    const deleted = await insertUser(db, { userType: 'admin' });
    const loggedOut = await insertUser(db, { userType: 'admin' });

    // A fresh session per call, so a route that signs out (logout, sign out other sessions) cannot
    // take the caller's token away from the calls after it.
    tokens.admin = () => sessionFor(db, admin.id);
    tokens.inspector = () => sessionFor(db, inspector.id);
    tokens.client = () => sessionFor(db, client.id);
    const deactivatedToken = await sessionFor(db, deactivated.id);
    await db.update(users).set({ status: 'inactive' }).where(eq(users.id, deactivated.id));
    tokens.deactivated = async () => deactivatedToken;
    const deletedToken = await sessionFor(db, deleted.id);
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));
    tokens.deleted = async () => deletedToken;
    const loggedOutToken = await sessionFor(db, loggedOut.id);
    const logout = await call(ctx.app, 'POST', '/api/auth/logout', loggedOutToken);
    expect(logout.statusCode).toBe(200);
    tokens['logged out'] = async () => loggedOutToken;
    const expiredToken = await sessionFor(db, admin.id, { expiresAt: new Date(Date.now() - 1000) });
    tokens.expired = async () => expiredToken;

    routes = ctx.app.apiRoutes.filter((r) => !r.url.startsWith('/api/docs'));
  });
  afterAll(() => ctx.close());

  it('has a rule for every route, and an owner rule for every non-admin route with an id', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const undeclared = routes
      .filter((r) => needsOwnership(r) && !r.ownObject)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it.each(SIGNED_OUT_CALLERS)(
    'answers 401 to the %s caller on every route that is not public',
    async (caller) => {
      const wrong: string[] = [];
      for (const route of routes) {
        if (!route.access || route.access.kind === 'public') continue;
        const token = caller === 'anonymous' ? undefined : await tokens[caller]();
        const response = await call(ctx.app, route.method, concretePath(route.url), token);
        const body = response.json();
        if (response.statusCode !== 401 || body.code !== 'UNAUTHENTICATED') {
          wrong.push(`${route.method} ${route.url}: ${response.statusCode} ${body.code}`);
        }
      }
      expect(wrong).toEqual([]);
    },
  );

  it.each(['admin', 'inspector', 'client'] as const)(
    'lets the %s through exactly the routes their role is declared for',
    async (caller) => {
      const wrong: string[] = [];
      let admitted = 0;
      for (const route of routes) {
        if (!route.access) continue;
        const response = await call(ctx.app, route.method, concretePath(route.url), await tokens[caller]());
        const body = String(response.headers['content-type']).startsWith('application/json')
          ? (response.json() as { code?: string; message?: string })
          : {};
        const where = `${route.method} ${route.url}: ${response.statusCode} ${body.code ?? ''}`;
        if (response.statusCode >= 500) wrong.push(`${where} (server error)`);
        else if (admits(route.access, caller)) {
          admitted++;
          // Through the gate: whatever the handler answers (400 for the empty body, 404 for the
          // unknown id), it is not the gate's refusal.
          if (route.access.kind !== 'public' && response.statusCode === 401)
            wrong.push(`${where} (signed out)`);
          if (response.statusCode === 403 && body.message === ROLE_REFUSAL) wrong.push(`${where} (refused)`);
        } else if (
          response.statusCode !== 403 ||
          body.code !== 'FORBIDDEN' ||
          body.message !== ROLE_REFUSAL
        ) {
          wrong.push(`${where} (should be refused)`);
        }
      }
      expect(wrong).toEqual([]);
      expect(admitted).toBeGreaterThan(caller === 'admin' ? 100 : 10);
    },
  );

  it('answers a client 404 for an unknown id on every client route with an id, and staff 403', async () => {
    const clientRoutes = routes.filter(
      (r) => r.access?.kind === 'roles' && r.access.roles.join() === 'client' && /:id\b/.test(r.url),
    );
    expect(clientRoutes.length).toBeGreaterThanOrEqual(5);
    const wrong: string[] = [];
    for (const route of clientRoutes) {
      const key = `${route.method} ${route.url}`;
      if (route.ownObject?.othersGet !== 404) wrong.push(`${key}: declares no client-scoped object (404)`);
      const unknown = await call(ctx.app, route.method, concretePath(route.url), await tokens.client());
      // A body-less POST may be refused for its body first (400); a GET, never.
      const allowed = route.method === 'GET' ? [404] : [400, 404];
      if (!allowed.includes(unknown.statusCode)) wrong.push(`${key}: client got ${unknown.statusCode}`);
      for (const staff of ['admin', 'inspector'] as const) {
        const refused = await call(ctx.app, route.method, concretePath(route.url), await tokens[staff]());
        if (refused.statusCode !== 403) wrong.push(`${key}: ${staff} got ${refused.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  describe("another user's object", () => {
    /** An object of `kind` owned by someone else, a caller allowed on the route, and how to read it back. */
    async function objectOfAnother(kind: OwnObjectRule['object']) {
      const db = ctx.db;
      if (kind === 'client-site' || kind === 'client-inspection') {
        // The portal: one client's site (or a completed inspection there), asked for by another client.
        const owner = await insertUser(db, { userType: 'client' });
        const caller = await insertUser(db, { userType: 'client' });
        const site = await insertSite(db, { clientId: owner.id });
        const token = await sessionFor(db, caller.id);
        if (kind === 'client-site') return { id: site.id, token };
        const inspector = await insertUser(db, { userType: 'inspector' });
        const refs = await insertWorkRefs(db);
        const row = await insertInspectionRecord(
          db,
          { siteId: site.id, inspectorId: inspector.id, ...refs },
          { result: 'pass', completedAt: new Date('2026-01-05T10:00:00Z') },
        );
        return { id: row.id, token };
      }
      if (kind === 'inspection-request' || kind === 'site-action') {
        // The portal: a request of one client, or an action at its site, asked for by another client.
        const owner = await insertUser(db, { userType: 'client' });
        const caller = await insertUser(db, { userType: 'client' });
        const site = await insertSite(db, { clientId: owner.id });
        const [row] =
          kind === 'inspection-request'
            ? await db
                .insert(inspectionRequests)
                .values({ clientId: owner.id, siteId: site.id, message: 'Not yours' })
                .returning()
            : await db
                .insert(correctiveActions)
                .values({ title: 'Not yours', source: 'manual', siteId: site.id, dueOn: '2030-01-01' })
                .returning();
        return { id: row!.id, token: await sessionFor(db, caller.id) };
      }
      if (kind === 'client-order' || kind === 'client-bill') {
        // The portal's shop: one client's order (and its bill), asked for by another client.
        const owner = await insertUser(db, { userType: 'client' });
        const caller = await insertUser(db, { userType: 'client' });
        const product = await insertProduct(db);
        const order = await insertOrder(db, {
          clientId: owner.id,
          lines: [{ product }],
          shipments: [{ quantities: [[0, 1]] }],
        });
        const token = await sessionFor(db, caller.id);
        if (kind === 'client-order') return { id: order.id, token };
        const bill = await db.transaction((tx) =>
          ctx.app.services.shopBills.issueForShipments(tx, {
            orderId: order.id,
            shipmentIds: [order.shipments[0]!.id],
            issuedOn: '2026-06-15',
            actorId: null,
          }),
        );
        return { id: bill.id, token };
      }
      if (kind === 'assigned-unit' || kind === 'client-unit') {
        // A scanned label: a unit on another inspector's open work, or at another client's site.
        const owner = await insertUser(db, { userType: kind === 'client-unit' ? 'client' : 'inspector' });
        const caller = await insertUser(db, { userType: kind === 'client-unit' ? 'client' : 'inspector' });
        const site = await insertSite(db, kind === 'client-unit' ? { clientId: owner.id } : {});
        const type = await insertType(db);
        const unit = await insertUnit(db, { siteId: site.id, equipmentTypeId: type.id });
        if (kind === 'assigned-unit') {
          const refs = await insertWorkRefs(db);
          const row = await insertAssignment(
            db,
            { siteId: site.id, inspectorId: owner.id, ...refs },
            { status: 'assigned', dueOn: '2030-01-01' },
          );
          await db.insert(assignmentEquipment).values({ assignmentId: row.id, equipmentId: unit.id });
        }
        return { id: unit.id, token: await sessionFor(db, caller.id) };
      }
      if (kind === 'assignment') {
        const owner = await insertUser(db, { userType: 'inspector' });
        const caller = await insertUser(db, { userType: 'inspector' });
        const site = await insertSite(db);
        const refs = await insertWorkRefs(db);
        const row = await insertAssignment(
          db,
          { siteId: site.id, inspectorId: owner.id, ...refs },
          { status: 'assigned', dueOn: '2030-01-01' },
        );
        return { id: row.id, token: await sessionFor(db, caller.id) };
      }
      if (kind === 'corrective-action') {
        // Owned by one inspector, asked for by another.
        const owner = await insertUser(db, { userType: 'inspector' });
        const caller = await insertUser(db, { userType: 'inspector' });
        const site = await insertSite(db);
        const [row] = await db
          .insert(correctiveActions)
          .values({
            title: 'Not yours',
            source: 'manual',
            siteId: site.id,
            ownerId: owner.id,
            dueOn: '2030-01-01',
          })
          .returning();
        return { id: row!.id, token: await sessionFor(db, caller.id) };
      }
      const owner = await insertUser(db, { userType: 'inspector' });
      const caller = await insertUser(db, { userType: 'admin' });
      if (kind === 'notification') {
        const [row] = await db
          .insert(notifications)
          .values({ userId: owner.id, type: 'assignment.created', title: 'New assignment', body: 'Yours' })
          .returning();
        return { id: row!.id, token: await sessionFor(db, caller.id) };
      }
      const [row] = await db
        .insert(pushSubscriptions)
        .values({
          userId: owner.id,
          deviceLabel: 'Owner phone',
          endpoint: `https://push.example.test/${randomBytes(6).toString('hex')}`,
          p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        })
        .returning();
      return { id: row!.id, token: await sessionFor(db, caller.id) };
    }

    /** A body the route accepts, so the answer is about the object, not the body. */
    const validBodies: Record<string, unknown> = {
      'PATCH /api/notifications/:id/read': undefined,
      'PUT /api/inspector/assignments/:id/progress': { units: [] },
      'POST /api/inspector/assignments/:id/submit': { units: [] },
      'PATCH /api/push/registrations/:id': { deviceLabel: 'Not yours' },
      'POST /api/corrective-actions/:id/status': { status: 'in_progress' },
      'POST /api/corrective-actions/:id/comments': {},
      'POST /api/portal/requests/:id/cancel': undefined,
      'POST /api/portal/actions/:id/comments': { body: 'Not yours' },
      // Multipart in real use; whose action it is is decided before the body is read.
      'POST /api/portal/actions/:id/evidence': {},
    };

    async function snapshot(kind: OwnObjectRule['object'], id: number) {
      const table = {
        assignment: assignments,
        notification: notifications,
        'push-registration': pushSubscriptions,
        'corrective-action': correctiveActions,
        'inspection-request': inspectionRequests,
        'site-action': correctiveActions,
        'client-order': shopOrders,
        'client-bill': shopBills,
        'client-site': sites,
        'client-inspection': inspections,
        'assigned-unit': equipment,
        'client-unit': equipment,
      }[kind];
      return ctx.db.select().from(table).where(eq(table.id, id));
    }

    it('answers what the route declares, and leaves the object as it was', async () => {
      const owned = routes.filter((r) => r.ownObject);
      expect(owned.length).toBeGreaterThanOrEqual(7);
      const wrong: string[] = [];
      for (const route of owned) {
        const rule = route.ownObject!;
        const key = `${route.method} ${route.url}`;
        if (sendsBody(route.method) && !(key in validBodies)) {
          wrong.push(`${key}: add a valid body for it to this test`);
          continue;
        }
        const target = await objectOfAnother(rule.object);
        const before = await snapshot(rule.object, target.id);
        const response = await call(
          ctx.app,
          route.method,
          route.url.replace(':id', String(target.id)),
          target.token,
          validBodies[key],
        );
        if (response.statusCode !== rule.othersGet)
          wrong.push(`${key}: ${response.statusCode} ${response.body}`);
        expect(await snapshot(rule.object, target.id)).toEqual(before);
      }
      expect(wrong).toEqual([]);
    });
  });
});
