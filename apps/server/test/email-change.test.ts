import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema.js';
import { createSmtpTransport } from '../src/modules/delivery/index.js';
import { codeOf, type SmtpInbox, startSmtpInbox } from './helpers/smtp-inbox.js';
import {
  createTestApp,
  FakeClock,
  insertUser,
  login,
  TEST_PASSWORD,
  type TestContext,
  tokenFor,
  uniqueEmail,
} from './helpers/test-app.js';

let ctx: TestContext;
let inbox: SmtpInbox;
const clock = new FakeClock();

beforeAll(async () => {
  inbox = await startSmtpInbox();
  ctx = await createTestApp({ clock, mailTransport: createSmtpTransport(inbox.url) });
});
afterAll(async () => {
  await ctx.close();
  await inbox.close();
});

function call(method: 'PATCH' | 'POST', url: string, token: string, payload: Record<string, unknown>) {
  return ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
}

describe('email change', () => {
  it('switches the email only after the code from the new address is confirmed, and tells the old one', async () => {
    const user = await insertUser(ctx.db, { userType: 'inspector' });
    const token = await tokenFor(ctx.app, user);
    const newEmail = uniqueEmail('renamed');

    const started = await call('PATCH', '/api/email/update', token, {
      newEmail: newEmail.toUpperCase(),
      currentPassword: TEST_PASSWORD,
    });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ newEmail, resendAfterSeconds: 60, expiresInMinutes: 10 });
    const mail = await inbox.waitFor(newEmail);
    expect(mail.subject).toMatch(/^Confirm your new Inspecta email: code \d{6}$/);

    // Until confirmed, the old email stays in force.
    expect((await login(ctx.app, user.email)).statusCode).toBe(200);
    expect((await login(ctx.app, newEmail)).statusCode).toBe(401);

    const wrong = codeOf(mail) === '000000' ? '111111' : '000000';
    const bad = await call('POST', '/api/email/update/confirm', token, { code: wrong });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({
      field: 'code',
      message: expect.stringMatching(/4 tries left/),
    });

    const before = inbox.countFor(user.email);
    const confirmed = await call('POST', '/api/email/update/confirm', token, { code: codeOf(mail) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().user).toMatchObject({ id: user.id, email: newEmail });
    const notice = await inbox.waitFor(user.email, { after: before });
    expect(notice.subject).toBe('Your Inspecta email was changed');
    expect((await login(ctx.app, newEmail)).statusCode).toBe(200);
    expect((await login(ctx.app, user.email)).statusCode).toBe(401);
    // Single use.
    expect((await call('POST', '/api/email/update/confirm', token, { code: codeOf(mail) })).statusCode).toBe(
      400,
    );

    const events = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.email_changed'), eq(auditEvents.entityId, String(user.id))))
      .orderBy(auditEvents.id);
    expect(events[0]).toMatchObject({ before: { email: user.email }, after: { email: newEmail } });
  });

  it('needs the right current password, a new and free address, and names the fields', async () => {
    const user = await insertUser(ctx.db);
    const other = await insertUser(ctx.db);
    const token = await tokenFor(ctx.app, user);
    const empty = await call('PATCH', '/api/email/update', token, {});
    expect(
      empty
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['currentPassword', 'newEmail']);
    const wrongPassword = await call('PATCH', '/api/email/update', token, {
      newEmail: uniqueEmail(),
      currentPassword: 'not-my-password',
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().details[0].field).toBe('currentPassword');
    const same = await call('PATCH', '/api/email/update', token, {
      newEmail: user.email,
      currentPassword: TEST_PASSWORD,
    });
    expect(same.json().details[0].field).toBe('newEmail');
    const taken = await call('PATCH', '/api/email/update', token, {
      newEmail: other.email,
      currentPassword: TEST_PASSWORD,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details[0].field).toBe('newEmail');
    const anonymous = await ctx.app.inject({ method: 'PATCH', url: '/api/email/update', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets a code expire and limits sending', async () => {
    const user = await insertUser(ctx.db);
    const token = await tokenFor(ctx.app, user);
    const newEmail = uniqueEmail('late');
    expect(
      (await call('PATCH', '/api/email/update', token, { newEmail, currentPassword: TEST_PASSWORD }))
        .statusCode,
    ).toBe(200);
    const code = codeOf(await inbox.waitFor(newEmail));
    expect(
      (await call('PATCH', '/api/email/update', token, { newEmail, currentPassword: TEST_PASSWORD }))
        .statusCode,
    ).toBe(429);
    clock.advance(10 * 60_000 + 1000);
    const late = await call('POST', '/api/email/update/confirm', token, { code });
    expect(late.statusCode).toBe(400);
    expect((await login(ctx.app, user.email)).statusCode).toBe(200);
  });
});
