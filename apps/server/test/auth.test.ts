import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, sessions, users } from '../src/db/schema.js';
import { SESSIONS_ENDED_CHANNEL } from '../src/modules/auth/index.js';
import {
  createTestApp,
  FakeClock,
  insertUser,
  login,
  type TestContext,
  tokenFor,
  uniqueEmail,
} from './helpers/test-app.js';

const HOUR = 3_600_000;

describe('sign-in and sessions', () => {
  let ctx: TestContext;
  const clock = new FakeClock(new Date('2026-06-01T09:00:00Z'));

  beforeAll(async () => {
    ctx = await createTestApp({ clock, config: { SESSION_TTL_HOURS: '12' } });
  });
  afterAll(() => ctx.close());

  it('signs an admin in and answers the token and the user', async () => {
    const admin = await insertUser(ctx.db, { firstName: 'Asha', lastName: 'Kulkarni' });
    const response = await login(ctx.app, admin.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toEqual({
      id: admin.id,
      userType: 'admin',
      firstName: 'Asha',
      lastName: 'Kulkarni',
      email: admin.email,
      phone: null,
      profileImage: null,
    });
    expect(new Date(body.expiresAt).getTime()).toBe(clock.now().getTime() + 12 * HOUR);
  });

  it('stores only a hash of the token', async () => {
    const admin = await insertUser(ctx.db);
    const token = await tokenFor(ctx.app, admin);
    const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts the raw token and the Bearer form, and refuses anything else with 401', async () => {
    const admin = await insertUser(ctx.db);
    const token = await tokenFor(ctx.app, admin);
    for (const authorization of [token, `Bearer ${token}`, `bearer ${token}`]) {
      const me = await ctx.app.inject({ url: '/api/auth/me', headers: { authorization } });
      expect(me.statusCode).toBe(200);
      expect(me.json().user.id).toBe(admin.id);
    }
    for (const authorization of [undefined, '', 'Bearer', `Basic ${token}`, `${token}x`, 'A'.repeat(43)]) {
      const me = await ctx.app.inject({
        url: '/api/auth/me',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(me.statusCode).toBe(401);
      expect(me.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
    }
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const admin = await insertUser(ctx.db);
    const wrong = await login(ctx.app, admin.email, 'not-the-password', '10.9.0.1');
    const unknown = await login(ctx.app, uniqueEmail('ghost'), 'not-the-password', '10.9.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'The email or password is incorrect',
      code: 'INVALID_CREDENTIALS',
    });
  });

  it('names every missing or malformed field', async () => {
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('VALIDATION_FAILED');
    expect(
      empty
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['email', 'password']);

    const badEmail = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody', password: 'x' },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().details).toEqual([{ field: 'email', message: 'Enter a valid email address' }]);
    expect(badEmail.json().message).toContain('email');
  });

  it('gives inspectors and clients a session and refuses deactivated accounts with a clear 403', async () => {
    const inspector = await insertUser(ctx.db, { userType: 'inspector' });
    expect((await login(ctx.app, inspector.email)).statusCode).toBe(200);

    // Clients sign in to the portal (issue 20); every admin route still answers their token 403.
    const client = await insertUser(ctx.db, { userType: 'client' });
    const clientLogin = await login(ctx.app, client.email);
    expect(clientLogin.statusCode).toBe(200);
    expect(clientLogin.json().user).toMatchObject({ id: client.id, userType: 'client' });
    const clientToken = `Bearer ${clientLogin.json().accessToken}`;
    const me = await ctx.app.inject({ url: '/api/auth/me', headers: { authorization: clientToken } });
    expect(me.statusCode).toBe(200);
    const adminRoute = await ctx.app.inject({
      url: '/api/auth/get/all/sites',
      headers: { authorization: clientToken },
    });
    expect(adminRoute.statusCode).toBe(403);

    const inactive = await insertUser(ctx.db, { status: 'inactive' });
    const inactiveLogin = await login(ctx.app, inactive.email);
    expect(inactiveLogin.statusCode).toBe(403);
    expect(inactiveLogin.json().message).toMatch(/deactivated/i);
  });

  it('treats a deleted user as unknown and ends their sessions', async () => {
    const admin = await insertUser(ctx.db);
    const token = await tokenFor(ctx.app, admin);
    await ctx.db.update(users).set({ deletedAt: clock.now() }).where(eq(users.id, admin.id));
    expect(
      (await ctx.app.inject({ url: '/api/auth/me', headers: { authorization: token } })).statusCode,
    ).toBe(401);
    expect((await login(ctx.app, admin.email)).json().code).toBe('INVALID_CREDENTIALS');
  });

  it('revokes the token on logout and audits both sign-in and sign-out', async () => {
    const admin = await insertUser(ctx.db);
    const token = await tokenFor(ctx.app, admin);
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: token },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ message: 'Signed out' });
    expect(
      (await ctx.app.inject({ url: '/api/auth/me', headers: { authorization: token } })).statusCode,
    ).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: token } }))
        .statusCode,
    ).toBe(401);

    const events = await ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.actorId, admin.id))
      .orderBy(auditEvents.id);
    expect(events.map((e) => e.action).sort()).toEqual(['auth.login', 'auth.logout']);
  });

  it('expires an idle session and slides an active one forward', async () => {
    const admin = await insertUser(ctx.db);
    const token = await tokenFor(ctx.app, admin);
    const me = () => ctx.app.inject({ url: '/api/auth/me', headers: { authorization: token } });

    clock.advance(11 * HOUR);
    expect((await me()).statusCode).toBe(200); // used: the expiry slides 12 h from now
    clock.advance(11 * HOUR);
    expect((await me()).statusCode).toBe(200);
    clock.advance(12 * HOUR + 1000);
    expect((await me()).statusCode).toBe(401);
  });

  it('locks an account after repeated failures with a growing Retry-After, and a success resets it', async () => {
    const admin = await insertUser(ctx.db);
    const ips = ['10.20.0.1', '10.20.0.2', '10.20.0.3', '10.20.0.4', '10.20.0.5'];
    for (const ip of ips)
      expect((await login(ctx.app, admin.email, 'wrong-password', ip)).statusCode).toBe(401);

    const locked = await login(ctx.app, admin.email, admin.password, '10.20.0.6');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
    expect(Number(locked.headers['retry-after'])).toBe(30);

    clock.advance(31_000);
    expect((await login(ctx.app, admin.email, 'wrong-password', '10.20.0.7')).statusCode).toBe(401);
    const lockedLonger = await login(ctx.app, admin.email, admin.password, '10.20.0.8');
    expect(lockedLonger.statusCode).toBe(429);
    expect(Number(lockedLonger.headers['retry-after'])).toBe(60);

    clock.advance(61_000);
    expect((await login(ctx.app, admin.email, admin.password, '10.20.0.9')).statusCode).toBe(200);
    // The count started again: four more failures do not lock.
    for (let i = 0; i < 4; i++) await login(ctx.app, admin.email, 'wrong-password', `10.20.1.${i}`);
    expect((await login(ctx.app, admin.email, admin.password, '10.20.2.1')).statusCode).toBe(200);
  });

  it('locks an address that guesses across many accounts', async () => {
    const ip = '10.30.0.1';
    for (let i = 0; i < 20; i++) await login(ctx.app, uniqueEmail('spray'), 'wrong-password', ip);
    const admin = await insertUser(ctx.db);
    const fromSameAddress = await login(ctx.app, admin.email, admin.password, ip);
    expect(fromSameAddress.statusCode).toBe(429);
    expect(fromSameAddress.headers['retry-after']).toBeDefined();
    expect((await login(ctx.app, admin.email, admin.password, '10.30.0.2')).statusCode).toBe(200);
  });

  it('records failed attempts in the audit trail without the password', async () => {
    const admin = await insertUser(ctx.db);
    await login(ctx.app, admin.email, 'Secret-Guess-123', '10.40.0.1');
    const [event] = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'auth.login_failed'), eq(auditEvents.entityId, String(admin.id))))
      .orderBy(auditEvents.id);
    expect(event).toBeDefined();
    expect(JSON.stringify(event)).not.toContain('Secret-Guess-123');
    expect(event!.ipAddress).toBe('10.40.0.1');
  });
});

describe('a checked token answered from memory (SESSION_CACHE_MS)', () => {
  let ctx: TestContext;
  const CACHE_MS = 1_500;

  beforeAll(async () => {
    ctx = await createTestApp({ config: { SESSION_CACHE_MS: String(CACHE_MS) } });
  });
  afterAll(() => ctx.close());

  const me = (token: string) => ctx.app.inject({ url: '/api/auth/me', headers: { authorization: token } });

  it('ends a session it holds in memory at once on sign-out, deactivation and sign-out elsewhere', async () => {
    const admin = await insertUser(ctx.db);
    const adminToken = await tokenFor(ctx.app, admin);

    const leaving = await insertUser(ctx.db);
    const leavingToken = await tokenFor(ctx.app, leaving);
    expect((await me(leavingToken)).statusCode).toBe(200);
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: leavingToken },
    });
    expect(logout.statusCode).toBe(200);
    expect((await me(leavingToken)).statusCode).toBe(401);

    const deactivated = await insertUser(ctx.db, { userType: 'inspector' });
    const deactivatedToken = await tokenFor(ctx.app, deactivated);
    expect((await me(deactivatedToken)).statusCode).toBe(200);
    const status = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/update-user-status/${deactivated.id}`,
      headers: { authorization: adminToken },
      payload: { status: 'inactive' },
    });
    expect(status.statusCode).toBe(200);
    expect((await me(deactivatedToken)).statusCode).toBe(401);

    const twoDevices = await insertUser(ctx.db);
    const phone = await tokenFor(ctx.app, twoDevices);
    const laptop = await tokenFor(ctx.app, twoDevices);
    expect((await me(phone)).statusCode).toBe(200);
    expect((await me(laptop)).statusCode).toBe(200);
    const others = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sessions/sign-out-others',
      headers: { authorization: laptop },
    });
    expect(others.statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
  });

  it("shows a user's new name at once after an administrator changes it", async () => {
    const admin = await insertUser(ctx.db);
    const adminToken = await tokenFor(ctx.app, admin);
    const inspector = await insertUser(ctx.db, { firstName: 'Ravi' });
    const token = await tokenFor(ctx.app, inspector);
    expect((await me(token)).json().user.firstName).toBe('Ravi');
    const renamed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/update-user-profile/${inspector.id}`,
      headers: { authorization: adminToken },
      payload: { firstName: 'Ravindra' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await me(token)).json().user.firstName).toBe('Ravindra');
  });

  it("hears another process's revocation through the database's signal", async () => {
    const admin = await insertUser(ctx.db);
    const token = await tokenFor(ctx.app, admin);
    expect((await me(token)).statusCode).toBe(200);
    // What another server process does when it revokes: the update and its NOTIFY, in one transaction.
    const heard = new Promise<void>((resolve) => {
      const stop = ctx.app.services.notificationBus.onAnySessionsEnded((ended) => {
        if (ended.userId !== admin.id) return;
        stop();
        resolve();
      });
    });
    await ctx.db.transaction(async (tx) => {
      const ended = await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.userId, admin.id))
        .returning({ id: sessions.id });
      const payload = JSON.stringify({ userId: admin.id, sessionIds: ended.map((row) => row.id) });
      await tx.execute(sql`select pg_notify(${SESSIONS_ENDED_CHANNEL}, ${payload})`);
    });
    // Once the signal is heard the token is refused, long before the cache's own lifetime ends.
    await heard;
    expect((await me(token)).statusCode).toBe(401);
  });

  it('lets a change made by hand in the database go unseen for SESSION_CACHE_MS at most', async () => {
    const admin = await insertUser(ctx.db);
    const token = await tokenFor(ctx.app, admin);
    expect((await me(token)).statusCode).toBe(200);
    // Revoked in SQL, past the app: no process is told, so the token is answered from memory…
    await ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, admin.id));
    expect((await me(token)).statusCode).toBe(200);
    // …until the checked answer is older than SESSION_CACHE_MS: session-cache.test.ts "answers a
    // kept token until its lifetime is over" shows that bound on a clock moved by hand.
  });
});
