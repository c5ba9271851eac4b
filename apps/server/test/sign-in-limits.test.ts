import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes } from '../src/db/schema.js';
import { createSmtpTransport } from '../src/modules/delivery/index.js';
import { solvedChallenge } from './helpers/bot-check.js';
import { codeOf, type SmtpInbox, startSmtpInbox } from './helpers/smtp-inbox.js';
import {
  createTestApp,
  FakeClock,
  insertUser,
  login,
  type TestContext,
  uniqueEmail,
} from './helpers/test-app.js';

/**
 * The sign-in and code limits must hold when an attacker sends many requests at once: every limit is
 * claimed in one statement before the slow check, so concurrent requests cannot all slip past a
 * count that has not been written yet.
 */
let ctx: TestContext;
let inbox: SmtpInbox;
const clock = new FakeClock(new Date('2026-09-14T08:00:00Z'));

beforeAll(async () => {
  inbox = await startSmtpInbox();
  ctx = await createTestApp({ clock, mailTransport: createSmtpTransport(inbox.url) });
});
afterAll(async () => {
  await ctx.close();
  await inbox.close();
});

function statuses(responses: Array<{ statusCode: number }>): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

function post(url: string, payload: Record<string, unknown>, ip: string) {
  return ctx.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
}

describe('password sign-in limits', () => {
  it("an attacker's own successful sign-in does not reset the limit of their address", async () => {
    const ip = '10.60.0.1';
    const own = await insertUser(ctx.db);
    const victims = await Promise.all(Array.from({ length: 18 }, () => insertUser(ctx.db)));
    const guesses: number[] = [];
    const ownSignIns: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (const victim of victims) {
        guesses.push((await login(ctx.app, victim.email, 'Guess-Number-0ne', ip)).statusCode);
      }
      ownSignIns.push((await login(ctx.app, own.email, own.password, ip)).statusCode);
    }
    // LOGIN_MAX_FAILURES_PER_ADDRESS is 20: the 21st guess and everything after it is refused.
    expect(guesses.filter((s) => s === 401)).toHaveLength(20);
    expect(guesses.slice(20).every((s) => s === 429)).toBe(true);
    expect(ownSignIns).toEqual([200, 429, 429]);
    // The victims' own accounts are not locked: each had three guesses at most.
    expect((await login(ctx.app, victims[0]!.email, victims[0]!.password, '10.60.0.2')).statusCode).toBe(200);
  });

  it('checks exactly five of twenty concurrent wrong passwords against one account', async () => {
    const victim = await insertUser(ctx.db);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login(ctx.app, victim.email, `Wrong-Guess-${i}`, `10.61.0.${i + 1}`),
      ),
    );
    expect(statuses(responses)).toEqual({ 401: 5, 429: 15 });
    const refused = responses.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toMatchObject({
      statusCode: 429,
      error: 'Too Many Requests',
      code: 'RATE_LIMITED',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Locked: even the right password waits.
    expect((await login(ctx.app, victim.email, victim.password, '10.61.1.1')).statusCode).toBe(429);
  });

  it('checks exactly twenty of thirty concurrent wrong passwords from one address', async () => {
    const ip = '10.62.0.1';
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(ctx.app, uniqueEmail(`spray${i}`), 'Guess-Number-0ne', ip)),
    );
    expect(statuses(responses)).toEqual({ 401: 20, 429: 10 });
    const refused = responses.find((r) => r.statusCode === 429)!;
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lifts the lock a right password claimed once the address has served its lock', async () => {
    const ip = '10.67.0.1';
    const [first, second] = [await insertUser(ctx.db), await insertUser(ctx.db)];
    for (let i = 0; i < 20; i++) await login(ctx.app, uniqueEmail('locked'), 'Guess-Number-0ne', ip);
    expect((await login(ctx.app, first.email, first.password, ip)).statusCode).toBe(429);
    clock.advance(31_000);
    expect((await login(ctx.app, first.email, first.password, ip)).statusCode).toBe(200);
    // The right password was no failure: it leaves the address as it found it, unlocked.
    expect((await login(ctx.app, second.email, second.password, ip)).statusCode).toBe(200);
    // The failures before it still count: the next wrong password locks again, for longer.
    expect((await login(ctx.app, uniqueEmail('locked'), 'Guess-Number-0ne', ip)).statusCode).toBe(401);
    const relocked = await login(ctx.app, second.email, second.password, ip);
    expect(relocked.statusCode).toBe(429);
    expect(Number(relocked.headers['retry-after'])).toBe(60);
  });

  it('gives back the claims of concurrent right passwords, so they never count as failures', async () => {
    const ip = '10.63.0.1';
    const colleagues = await Promise.all(Array.from({ length: 10 }, () => insertUser(ctx.db)));
    const responses = await Promise.all(colleagues.map((u) => login(ctx.app, u.email, u.password, ip)));
    expect(statuses(responses)).toEqual({ 200: 10 });
    // The address still has its whole budget: twenty failures, then the lock.
    for (let i = 0; i < 20; i++) {
      expect((await login(ctx.app, uniqueEmail('after'), 'Guess-Number-0ne', ip)).statusCode).toBe(401);
    }
    expect((await login(ctx.app, colleagues[0]!.email, colleagues[0]!.password, ip)).statusCode).toBe(429);
  });
});

describe('one-time code limits', () => {
  async function codesFor(purpose: 'password_reset' | 'phone_login', subject: string) {
    return ctx.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.purpose, purpose), eq(oneTimeCodes.subject, subject)))
      .orderBy(desc(oneTimeCodes.id));
  }

  it('sends one password reset code for ten concurrent requests', async () => {
    const user = await insertUser(ctx.db);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post('/api/auth/forgot-password', { email: user.email }, `10.64.0.${i + 1}`),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: 1, 429: 9 });
    expect(responses.find((r) => r.statusCode === 429)!.json().code).toBe('RATE_LIMITED');
    await ctx.app.services.authTasks.settled();
    expect(await codesFor('password_reset', user.email)).toHaveLength(1);
    expect(inbox.countFor(user.email)).toBe(1);
  });

  it('sends one phone sign-in code for ten concurrent requests', async () => {
    const phone = `+9198${String(Date.now() % 100_000_000).padStart(8, '0')}`;
    await insertUser(ctx.db, { phone });
    const solutions = await Promise.all(Array.from({ length: 10 }, () => solvedChallenge(ctx.app)));
    const responses = await Promise.all(
      solutions.map((altcha, i) =>
        post('/api/auth/phone/request-code', { phone, altcha }, `10.65.0.${i + 1}`),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: 1, 429: 9 });
    expect(await codesFor('phone_login', phone)).toHaveLength(1);
  });

  it('checks at most five of twenty concurrent guesses at a code, even when the right one is among them', async () => {
    const user = await insertUser(ctx.db);
    const before = inbox.countFor(user.email);
    expect((await post('/api/auth/forgot-password', { email: user.email }, '10.66.0.1')).statusCode).toBe(
      200,
    );
    const code = codeOf(await inbox.waitFor(user.email, { after: before }));
    const wrong = Array.from({ length: 19 }, (_, i) =>
      String((Number(code) + i + 1) % 1_000_000).padStart(6, '0'),
    );
    const responses = await Promise.all(
      [...wrong, code].map((guess, i) =>
        post('/api/auth/verify-otp', { email: user.email, code: guess }, `10.66.1.${i + 1}`),
      ),
    );
    // The right code came twentieth: five tries were spent before it, so it must not work.
    expect(responses[19]!.statusCode).toBe(400);
    expect(statuses(responses)).toEqual({ 400: 20 });
    const [row] = await codesFor('password_reset', user.email);
    expect(row!.attempts).toBe(5);
    expect(row!.grantHash).toBeNull();
  });
});
