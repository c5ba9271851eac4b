import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, notifications, sessions } from '../src/db/schema.js';
import { openEventStream } from './helpers/event-stream.js';
import { multipartFile } from './helpers/multipart.js';
import {
  createTestApp,
  insertUser,
  login,
  TEST_PASSWORD,
  type TestContext,
  tokenFor,
} from './helpers/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: { NOTIFICATION_HEARTBEAT_SECONDS: '30' } });
});
afterAll(() => ctx.close());

const fieldsOf = (body: { details?: Array<{ field: string }> }) =>
  [...new Set((body.details ?? []).map((d) => d.field))].sort();

function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
) {
  return ctx.app.inject({
    method,
    url,
    ...(token ? { headers: { authorization: token } } : {}),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

const multipart = (data: Buffer) => multipartFile(data, 'logo.png', 'image/png');

describe('PATCH /api/auth/me (own profile)', () => {
  it('saves name and phone, answers userData, and writes an audit event', async () => {
    const me = await insertUser(ctx.db);
    const token = await tokenFor(ctx.app, me);
    const response = await call('PATCH', '/api/auth/me', token, {
      firstName: ' Priya ',
      lastName: 'Sharma',
      phone: '+91 98200 55501',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      id: me.id,
      firstName: 'Priya',
      lastName: 'Sharma',
      phone: '+919820055501',
    });
    const me2 = await call('GET', '/api/auth/me', token);
    expect(me2.json().user.firstName).toBe('Priya');
    const audit = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.update_own_profile'), eq(auditEvents.entityId, String(me.id))))
      .orderBy(auditEvents.id);
    expect(audit[0]?.after).toMatchObject({ firstName: 'Priya', lastName: 'Sharma' });
  });

  it('names each invalid field, and answers 409 for a phone someone else has', async () => {
    const me = await insertUser(ctx.db);
    const other = await insertUser(ctx.db, { phone: '+919820055599' });
    const token = await tokenFor(ctx.app, me);
    const invalid = await call('PATCH', '/api/auth/me', token, { firstName: '', phone: '12' });
    expect(invalid.statusCode).toBe(400);
    expect(fieldsOf(invalid.json())).toEqual(['firstName', 'lastName', 'phone']);
    const taken = await call('PATCH', '/api/auth/me', token, {
      firstName: 'A',
      lastName: 'B',
      phone: '+91 98200 55599',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details).toEqual([{ field: 'phone', message: expect.any(String) }]);
    expect(other.id).toBeGreaterThan(0);
  });

  it('requires a session', async () => {
    expect(
      (await call('PATCH', '/api/auth/me', undefined, { firstName: 'A', lastName: 'B' })).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/auth/change-password', () => {
  it('needs the current password and the policy, then ends every other session but this one', async () => {
    const me = await insertUser(ctx.db);
    const token = await tokenFor(ctx.app, me);
    const other = await tokenFor(ctx.app, me);

    const missing = await call('POST', '/api/auth/change-password', token, {});
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing.json())).toEqual(['currentPassword', 'newPassword']);

    const weak = await call('POST', '/api/auth/change-password', token, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'password123',
    });
    expect(fieldsOf(weak.json())).toEqual(['newPassword']);

    const same = await call('POST', '/api/auth/change-password', token, {
      currentPassword: TEST_PASSWORD,
      newPassword: TEST_PASSWORD,
    });
    expect(fieldsOf(same.json())).toEqual(['newPassword']);

    const asEmail = await call('POST', '/api/auth/change-password', token, {
      currentPassword: TEST_PASSWORD,
      newPassword: me.email,
    });
    expect(asEmail.statusCode).toBe(400);
    expect(fieldsOf(asEmail.json())).toEqual(['newPassword']);

    const wrong = await call('POST', '/api/auth/change-password', token, {
      currentPassword: 'Not-The-Password-1',
      newPassword: 'Brand-New-Secret-42',
    });
    expect(wrong.statusCode).toBe(400);
    expect(fieldsOf(wrong.json())).toEqual(['currentPassword']);
    // A wrong current password changes nothing and ends nothing.
    expect((await call('GET', '/api/auth/me', other)).statusCode).toBe(200);

    const changed = await call('POST', '/api/auth/change-password', token, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Brand-New-Secret-42',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      message: 'Your password is changed and 1 other session was signed out',
      endedSessions: 1,
    });
    expect((await call('GET', '/api/auth/me', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', other)).statusCode).toBe(401);
    expect((await login(ctx.app, me.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(ctx.app, me.email, 'Brand-New-Secret-42')).statusCode).toBe(200);
    const audit = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.change_password'), eq(auditEvents.entityId, String(me.id))))
      .orderBy(auditEvents.id);
    expect(audit).toHaveLength(1);
  });

  it('ends the notification stream of the other session at once', async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const me = await insertUser(ctx.db);
    const token = await tokenFor(ctx.app, me);
    const other = await tokenFor(ctx.app, me);
    const ticket = (await call('POST', '/api/notifications/stream-ticket', other)).json().ticket;
    const stream = await openEventStream(`${base}/api/notifications/stream?ticket=${ticket}`);
    try {
      const started = Date.now();
      await call('POST', '/api/auth/change-password', token, {
        currentPassword: TEST_PASSWORD,
        newPassword: 'Another-Fresh-Secret-7',
      });
      await stream.next('end', 5000);
      // The heartbeat is 30 s here: the end came from the announcement, not the timer.
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      stream.close();
    }
  });
});

describe('sessions', () => {
  it('lists my open sessions with this one first, and signs out the others', async () => {
    const me = await insertUser(ctx.db);
    const first = await tokenFor(ctx.app, me);
    const second = await tokenFor(ctx.app, me);
    const stranger = await tokenFor(ctx.app, await insertUser(ctx.db));

    const listed = await call('GET', '/api/auth/sessions', second);
    expect(listed.statusCode).toBe(200);
    const list = listed.json().sessions as { id: number; current: boolean; ipAddress: string }[];
    expect(list).toHaveLength(2);
    expect(list[0]?.current).toBe(true);
    expect(list[1]?.current).toBe(false);
    expect(list[0]?.ipAddress).toMatch(/^10\.1\./);

    const ended = await call('POST', '/api/auth/sessions/sign-out-others', second);
    expect(ended.json()).toEqual({ message: '1 other session was signed out', endedSessions: 1 });
    expect((await call('GET', '/api/auth/me', first)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/me', second)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', stranger)).statusCode).toBe(200);
    const none = await call('POST', '/api/auth/sessions/sign-out-others', second);
    expect(none.json().endedSessions).toBe(0);
    const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, me.id));
    expect(rows.filter((r) => r.revokedAt === null)).toHaveLength(1);
  });
});

describe('notification preferences', () => {
  it('starts all on, saves a partial change, and stops in-app notifications of a switched-off kind', async () => {
    const actor = await insertUser(ctx.db);
    const me = await insertUser(ctx.db);
    const token = await tokenFor(ctx.app, me);
    const initial = await call('GET', '/api/auth/me/notification-preferences', token);
    expect(initial.json().preferences['user.registered']).toEqual({ inApp: true, push: true });
    expect(Object.keys(initial.json().preferences)).not.toContain('system.welcome');

    const saved = await call('PUT', '/api/auth/me/notification-preferences', token, {
      preferences: { 'user.registered': { inApp: false, push: true } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().preferences['user.registered']).toEqual({ inApp: false, push: true });
    expect(saved.json().preferences['inspection.failed']).toEqual({ inApp: true, push: true });

    const registered = await call('POST', '/api/admin/register', await tokenFor(ctx.app, actor), {
      userType: 'admin',
      firstName: 'Quiet',
      lastName: 'Please',
      email: `quiet.${randomBytes(3).toString('hex')}@example.test`,
      password: TEST_PASSWORD,
    });
    expect(registered.statusCode).toBe(201);
    const mine = await ctx.db.select().from(notifications).where(eq(notifications.userId, me.id));
    expect(mine).toHaveLength(0);

    const bad = await call('PUT', '/api/auth/me/notification-preferences', token, {
      preferences: { 'no.such.kind': { inApp: true, push: true }, 'user.registered': { inApp: 'yes' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.json()).join(' ')).toMatch(/preferences/);
  });
});

describe('organisation settings', () => {
  it('answers defaults, lets an admin change them, validates each field, and refuses inspectors', async () => {
    const admin = await insertUser(ctx.db);
    const inspector = await insertUser(ctx.db, { userType: 'inspector' });
    const token = await tokenFor(ctx.app, admin);
    const inspectorToken = await tokenFor(ctx.app, inspector);

    const defaults = await call('GET', '/api/settings/organisation', token);
    expect(defaults.json().organisation).toEqual({
      companyName: 'Inspecta',
      logoUrl: null,
      timezone: 'Asia/Kolkata',
      dateFormat: 'DD/MM/YYYY',
      defaultInspectionIntervalDays: 180,
      gstin: null,
      addressLine1: null,
      addressLine2: null,
      city: null,
      state: null,
      pincode: null,
      phone: null,
      email: null,
    });

    const invalid = await call('PUT', '/api/settings/organisation', token, {
      companyName: ' ',
      timezone: 'Mars/Olympus',
      dateFormat: 'DD.MM.YY',
      defaultInspectionIntervalDays: 0,
    });
    expect(invalid.statusCode).toBe(400);
    expect(fieldsOf(invalid.json())).toEqual([
      'companyName',
      'dateFormat',
      'defaultInspectionIntervalDays',
      'timezone',
    ]);

    const body = {
      companyName: 'UGC Safety Services Pvt. Ltd.',
      timezone: 'Asia/Kolkata',
      dateFormat: 'D MMM YYYY',
      defaultInspectionIntervalDays: 90,
    };
    const saved = await call('PUT', '/api/settings/organisation', token, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().organisation).toMatchObject(body);
    expect(
      (await call('GET', '/api/settings/organisation', inspectorToken)).json().organisation,
    ).toMatchObject(body);
    expect((await call('PUT', '/api/settings/organisation', inspectorToken, body)).statusCode).toBe(403);
    const audit = await ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'settings.organisation'))
      .orderBy(auditEvents.id);
    expect(audit.at(-1)?.after).toMatchObject(body);
  });

  it("keeps the seller's details bills print: GSTIN checked and matching the state, blank clears", async () => {
    const token = await tokenFor(ctx.app, await insertUser(ctx.db));
    const base = {
      companyName: 'Sahyadri Fire Safety Pvt Ltd',
      timezone: 'Asia/Kolkata',
      dateFormat: 'DD/MM/YYYY',
      defaultInspectionIntervalDays: 180,
    };
    const seller = {
      gstin: ' 27aapfu0939f1zv ',
      addressLine1: 'Unit 4, Kalpataru Industrial Estate',
      addressLine2: 'Andheri East',
      city: 'Mumbai',
      state: 'Maharashtra',
      pincode: '400093',
      phone: '+912240001234',
      email: 'billing@sahyadri.example',
    };
    const saved = await call('PUT', '/api/settings/organisation', token, { ...base, ...seller });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().organisation).toMatchObject({ ...seller, gstin: '27AAPFU0939F1ZV' });

    // A Karnataka GSTIN with a Maharashtra address: 400 naming gstin, nothing saved.
    const mismatch = await call('PUT', '/api/settings/organisation', token, {
      ...base,
      ...seller,
      gstin: '29AAGCB7383J1Z4',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().details).toEqual([
      {
        field: 'gstin',
        message: 'This GSTIN is registered in another state: a GSTIN in Maharashtra starts with 27',
      },
    ]);
    const badCheck = await call('PUT', '/api/settings/organisation', token, {
      ...base,
      gstin: '27AAPFU0939F1ZA',
    });
    expect(badCheck.statusCode).toBe(400);
    expect(fieldsOf(badCheck.json())).toEqual(['gstin']);
    const badPin = await call('PUT', '/api/settings/organisation', token, { ...base, pincode: '4000' });
    expect(fieldsOf(badPin.json())).toEqual(['pincode']);
    expect((await call('GET', '/api/settings/organisation', token)).json().organisation.gstin).toBe(
      '27AAPFU0939F1ZV',
    );

    // Absent keeps a field, blank clears it.
    const kept = await call('PUT', '/api/settings/organisation', token, { ...base, gstin: '' });
    expect(kept.json().organisation).toMatchObject({ gstin: null, state: 'Maharashtra', city: 'Mumbai' });
  });

  it('stores an uploaded logo as WebP, replaces and removes it', async () => {
    const admin = await insertUser(ctx.db);
    const token = await tokenFor(ctx.app, admin);
    const png = await sharp({ create: { width: 600, height: 200, channels: 3, background: '#0a5' } })
      .png()
      .toBuffer();
    const form = multipart(png);
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/settings/organisation/logo',
      headers: { authorization: token, ...form.headers },
      payload: form.payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const logoUrl = upload.json().organisation.logoUrl as string;
    expect(logoUrl).toMatch(/^\/api\/files\/[a-f0-9]{32}\.webp$/);
    const file = await ctx.app.inject({ url: logoUrl });
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).width).toBe(512);

    const notImage = multipart(Buffer.from('not an image at all'));
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/settings/organisation/logo',
      headers: { authorization: token, ...notImage.headers },
      payload: notImage.payload,
    });
    expect(refused.statusCode).toBe(415);

    const removed = await call('DELETE', '/api/settings/organisation/logo', token);
    expect(removed.json().organisation.logoUrl).toBeNull();
    expect((await ctx.app.inject({ url: logoUrl })).statusCode).toBe(404);
  });
});
