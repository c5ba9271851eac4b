import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, deliveryOutbox, oneTimeCodes } from '../src/db/schema.js';
import { createSmtpTransport } from '../src/modules/delivery/mail-transport.js';
import { codeOf, type SmtpInbox, startSmtpInbox } from './helpers/smtp-inbox.js';
import {
  createTestApp,
  FakeClock,
  insertUser,
  login,
  type TestContext,
  tokenFor,
  uniqueEmail,
} from './helpers/test-app.js';
import { TEST_DB } from './helpers/test-database.js';

const MINUTE = 60_000;
const NEW_PASSWORD = 'Fresh-Harbour-Lantern-42';

let ctx: TestContext;
let inbox: SmtpInbox;
const clock = new FakeClock(new Date('2026-03-02T09:00:00Z'));

beforeAll(async () => {
  inbox = await startSmtpInbox();
  ctx = await createTestApp({ clock, mailTransport: createSmtpTransport(inbox.url) });
});

afterAll(async () => {
  await ctx.close();
  await inbox.close();
});

function post(url: string, payload: Record<string, unknown>, ip = '10.9.0.1') {
  return ctx.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
}

/** Asks for a code and reads it from the SMTP server. */
async function requestCode(email: string): Promise<string> {
  const before = inbox.countFor(email);
  const response = await post('/api/auth/forgot-password', { email });
  expect(response.statusCode).toBe(200);
  return codeOf(await inbox.waitFor(email, { after: before }));
}

async function verify(email: string, code: string) {
  return post('/api/auth/verify-otp', { email, code });
}

describe('forgot password', () => {
  it('emails a 6-digit code over SMTP, branded, in text and HTML', async () => {
    const user = await insertUser(ctx.db, { firstName: 'Meera' });
    const before = inbox.countFor(user.email);
    const response = await post('/api/auth/forgot-password', { email: user.email.toUpperCase() });
    expect(response.statusCode).toBe(200);
    const mail = await inbox.waitFor(user.email, { after: before });
    expect(mail.subject).toMatch(/^Your Inspecta password reset code: \d{6}$/);
    expect(mail.raw).toContain('text/plain');
    expect(mail.raw).toContain('text/html');
    expect(mail.raw).toContain('Hello Meera');
    const [row] = await ctx.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id));
    expect(row!.codeHash).not.toContain(codeOf(mail));
    // The outbox records the outcome once the mail server has answered, which may be just after
    // the mail is in the inbox.
    await expect
      .poll(
        async () =>
          (await ctx.db.select().from(deliveryOutbox).where(eq(deliveryOutbox.recipient, user.email)))[0]
            ?.status,
        { timeout: 5000, interval: 20 },
      )
      .toBe('sent');
  });

  it('answers unknown and deactivated accounts exactly like known ones, and sends nothing', async () => {
    const known = await insertUser(ctx.db);
    const inactive = await insertUser(ctx.db, { status: 'inactive' });
    const unknown = uniqueEmail('nobody');
    const answers = [];
    for (const email of [known.email, unknown, inactive.email]) {
      const response = await post('/api/auth/forgot-password', { email });
      answers.push({ status: response.statusCode, body: response.json() });
    }
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]!.body).toEqual({
      message: expect.stringContaining('If an account uses this email'),
      resendAfterSeconds: 60,
      expiresInMinutes: 10,
    });
    // Every mail leaves through a row in the outbox, written after the answer: once that work has
    // ended the known address has its row, the other two have none, so no mail can follow.
    await ctx.app.services.authTasks.settled();
    const queued = await ctx.db
      .select({ recipient: deliveryOutbox.recipient })
      .from(deliveryOutbox)
      .where(inArray(deliveryOutbox.recipient, [known.email, unknown, inactive.email]));
    expect(queued.map((row) => row.recipient)).toEqual([known.email]);
    // And the one that was queued did go out, so the inbox is the one the others would reach.
    await inbox.waitFor(known.email);
    expect(inbox.countFor(unknown)).toBe(0);
    expect(inbox.countFor(inactive.email)).toBe(0);
    // The limits apply to unknown addresses alike, so a 429 tells nothing either.
    const again = await post('/api/auth/forgot-password', { email: unknown });
    expect(again.statusCode).toBe(429);
    const code = await verify(unknown, '123456');
    expect(code.statusCode).toBe(400);
  });

  it.runIf(TEST_DB === 'postgres')(
    'answers before any work that only a known address needs (the answer cannot wait on it)',
    async () => {
      const known = await insertUser(ctx.db);
      const unknown = uniqueEmail('nobody');
      // Another connection holds the tables only a known address writes to (its audit entry and
      // its email): a request that wrote them before answering would wait for the test to let go.
      const other = new pg.Client({ connectionString: ctx.database.url });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('lock table delivery_outbox, audit_events in share mode');
        const answers = [];
        for (const email of [unknown, known.email]) {
          const response = await Promise.race([
            post('/api/auth/forgot-password', { email }, '10.9.7.1'),
            new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 5000)),
          ]);
          expect(response).not.toBe('still waiting');
          if (typeof response === 'string') return;
          answers.push({ status: response.statusCode, body: response.json() });
        }
        expect(answers[1]).toEqual(answers[0]);
        // Both answers left with the same stored state: one code each, tied to no account yet.
        for (const subject of [unknown, known.email]) {
          const rows = await ctx.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.subject, subject));
          expect(rows.map((row) => row.userId)).toEqual([null]);
        }
      } finally {
        await other.query('rollback');
        await other.end();
      }
      // Then the work runs: the known address gets its code, tied to its account.
      await ctx.app.services.authTasks.settled();
      await inbox.waitFor(known.email);
      const [row] = await ctx.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.subject, known.email));
      expect(row!.userId).toBe(known.id);
    },
  );

  it('names the field of a bad request', async () => {
    const missing = await post('/api/auth/forgot-password', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'email' })]),
    );
    const badCode = await verify('a@example.test', '12ab');
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().details).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'code' })]),
    );
    const reset = await post('/api/auth/reset-password', {});
    expect(
      reset
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['password', 'token']);
  });

  it('limits sending to one a minute and five an hour per address', async () => {
    const user = await insertUser(ctx.db);
    expect((await post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
    const tooSoon = await post('/api/auth/forgot-password', { email: user.email });
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    for (let i = 0; i < 4; i++) {
      clock.advance(MINUTE + 1000);
      expect((await post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
    }
    clock.advance(MINUTE + 1000);
    expect((await post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(429);
    clock.advance(60 * MINUTE);
    expect((await post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
  });

  it('a code expires after 10 minutes', async () => {
    const user = await insertUser(ctx.db);
    const code = await requestCode(user.email);
    clock.advance(10 * MINUTE + 1000);
    const response = await verify(user.email, code);
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].message).toMatch(/expired/);
  });

  it('a code dies after five wrong tries, even the right one afterwards', async () => {
    const user = await insertUser(ctx.db);
    const code = await requestCode(user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const messages = [];
    for (let i = 0; i < 5; i++) messages.push((await verify(user.email, wrong)).json().details[0].message);
    expect(messages[0]).toMatch(/4 tries left/);
    expect(messages[3]).toMatch(/1 try left/);
    expect(messages[4]).toMatch(/expired or has been used up/);
    expect((await verify(user.email, code)).statusCode).toBe(400);
  });

  it('only the newest code works', async () => {
    const user = await insertUser(ctx.db);
    const first = await requestCode(user.email);
    clock.advance(MINUTE + 1000);
    const second = await requestCode(user.email);
    if (first !== second) expect((await verify(user.email, first)).statusCode).toBe(400);
    expect((await verify(user.email, second)).statusCode).toBe(200);
  });

  it('resets the password once, ends every session, does not sign in, and audits', async () => {
    const user = await insertUser(ctx.db);
    const token = await tokenFor(ctx.app, user);
    const me = () => ctx.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me()).statusCode).toBe(200);

    const code = await requestCode(user.email);
    const verified = await verify(user.email, code);
    expect(verified.statusCode).toBe(200);
    const { resetToken, expiresAt } = verified.json();
    expect(new Date(expiresAt).getTime() - clock.now().getTime()).toBe(15 * MINUTE);
    // The code is single use.
    expect((await verify(user.email, code)).statusCode).toBe(400);

    const weak = await post('/api/auth/reset-password', { token: resetToken, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details[0].field).toBe('password');
    const asEmail = await post('/api/auth/reset-password', { token: resetToken, password: user.email });
    expect(asEmail.statusCode).toBe(400);
    expect(asEmail.json().details[0].message).toMatch(/not be your email/);

    const before = inbox.countFor(user.email);
    const reset = await post('/api/auth/reset-password', { token: resetToken, password: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: expect.stringContaining('Sign in with your new password') });
    expect(reset.json()).not.toHaveProperty('accessToken');
    expect((await me()).statusCode).toBe(401);
    expect((await login(ctx.app, user.email)).statusCode).toBe(401);
    expect((await login(ctx.app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    const notice = await inbox.waitFor(user.email, { after: before });
    expect(notice.subject).toBe('Your Inspecta password was changed');

    const again = await post('/api/auth/reset-password', { token: resetToken, password: `${NEW_PASSWORD}x` });
    expect(again.statusCode).toBe(400);

    const events = await ctx.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'user'), eq(auditEvents.entityId, String(user.id))))
      .orderBy(auditEvents.id);
    expect(events.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        'auth.password_reset_requested',
        'auth.password_reset_code_verified',
        'auth.password_reset',
      ]),
    );
  });

  it('lets a client reset its password and sign in with the new one (the portal, issue 20)', async () => {
    const client = await insertUser(ctx.db, { userType: 'client' });
    const code = await requestCode(client.email);
    const verified = await verify(client.email, code);
    expect(verified.statusCode).toBe(200);
    const reset = await post('/api/auth/reset-password', {
      token: verified.json().resetToken,
      password: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    const signIn = await login(ctx.app, client.email, NEW_PASSWORD);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.userType).toBe('client');
  });

  it('a reset token expires after 15 minutes', async () => {
    const user = await insertUser(ctx.db);
    const code = await requestCode(user.email);
    const { resetToken } = (await verify(user.email, code)).json();
    clock.advance(15 * MINUTE + 1000);
    const response = await post('/api/auth/reset-password', { token: resetToken, password: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/expired/);
  });

  it('records a failed delivery in the outbox instead of hiding it', async () => {
    const dead = await createTestApp({
      clock,
      mailTransport: createSmtpTransport('smtp://127.0.0.1:9'),
    });
    try {
      const user = await insertUser(dead.db);
      const response = await dead.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
      });
      expect(response.statusCode).toBe(200);
      // The mail is sent after the answer: wait for the outbox row to record the outcome.
      const outcome = async () =>
        (await dead.db.select().from(deliveryOutbox).where(eq(deliveryOutbox.recipient, user.email)))[0];
      await expect
        .poll(async () => (await outcome())?.status, { timeout: 5000, interval: 50 })
        .toBe('failed');
      expect((await outcome())?.error).toBeTruthy();
    } finally {
      await dead.close();
    }
  });
});
