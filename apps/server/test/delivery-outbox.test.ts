import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryOutbox } from '../src/db/schema.js';
import { createSmtpTransport } from '../src/modules/delivery/index.js';
import { solvedChallenge } from './helpers/bot-check.js';
import { codeOf, type SmtpInbox, startSmtpInbox } from './helpers/smtp-inbox.js';
import { createTestApp, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

interface OutboxEntry {
  id: number;
  recipient: string;
  subject: string | null;
  body: string | null;
  masked: boolean;
  status: string;
}

async function outboxAs(ctx: TestContext, token: string, channel: 'email' | 'sms'): Promise<OutboxEntry[]> {
  const response = await ctx.app.inject({
    url: `/api/delivery/outbox?channel=${channel}&limit=100`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  return response.json().messages;
}

/**
 * The development outbox (no mail server, no SMS gateway) is read by every administrator, but the
 * codes and links in a message are for its recipient only: one administrator must not read another's
 * reset code or sign-in code there and take over the account.
 */
describe('development outbox', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it("hides another administrator's password reset code, and shows it to its recipient", async () => {
    const attacker = await insertUser(ctx.db);
    const victim = await insertUser(ctx.db);
    const attackerToken = await tokenFor(ctx.app, attacker);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: victim.email },
      remoteAddress: '10.70.0.1',
    });
    expect(reset.statusCode).toBe(200);
    await ctx.app.services.authTasks.settled();

    const seen = (await outboxAs(ctx, attackerToken, 'email')).find((m) => m.recipient === victim.email)!;
    expect(seen).toMatchObject({ masked: true, status: 'queued' });
    expect(seen.subject).toBe('Your Inspecta password reset code: ••••••');
    expect(seen.body).toContain('••••••');
    expect(`${seen.subject} ${seen.body}`).not.toMatch(/\d{6}/);

    const own = (await outboxAs(ctx, await tokenFor(ctx.app, victim), 'email')).find(
      (m) => m.recipient === victim.email,
    )!;
    expect(own.masked).toBe(false);
    const code = /code: (\d{6})$/.exec(own.subject!)![1]!;
    expect(own.body).toContain(code);
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { email: victim.email, code },
      remoteAddress: '10.70.0.2',
    });
    expect(verified.statusCode).toBe(200);
  });

  it("hides another administrator's phone sign-in code", async () => {
    const attacker = await insertUser(ctx.db);
    const phone = `+9196${String(Date.now() % 100_000_000).padStart(8, '0')}`;
    const victim = await insertUser(ctx.db, { phone });
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/phone/request-code',
      payload: { phone, altcha: await solvedChallenge(ctx.app) },
      remoteAddress: '10.70.1.1',
    });
    expect(sent.statusCode).toBe(200);
    await ctx.app.services.authTasks.settled();

    const seen = (await outboxAs(ctx, await tokenFor(ctx.app, attacker), 'sms')).find(
      (m) => m.recipient === phone,
    )!;
    expect(seen.masked).toBe(true);
    expect(seen.body).toMatch(/^•••••• is your Inspecta sign-in code/);
    expect(seen.body).not.toMatch(/\d{6}/);
    const own = (await outboxAs(ctx, await tokenFor(ctx.app, victim), 'sms')).find(
      (m) => m.recipient === phone,
    )!;
    expect(own.masked).toBe(false);
    expect(own.body).toMatch(/^\d{6} is your Inspecta sign-in code/);
  });
});

describe('outbox with a mail server', () => {
  let ctx: TestContext;
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    ctx = await createTestApp({ mailTransport: createSmtpTransport(inbox.url) });
  });
  afterAll(async () => {
    await ctx.close();
    await inbox.close();
  });

  it('keeps no copy of the message, only recipient, masked subject and status', async () => {
    const user = await insertUser(ctx.db);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
      remoteAddress: '10.71.0.1',
    });
    expect(response.statusCode).toBe(200);
    const code = codeOf(await inbox.waitFor(user.email));
    await ctx.app.services.authTasks.settled();

    const [row] = await ctx.db.select().from(deliveryOutbox).where(eq(deliveryOutbox.recipient, user.email));
    expect(row).toMatchObject({ status: 'sent', body: null, html: null, message: null });
    expect(row!.subject).toBe('Your Inspecta password reset code: ••••••');
    expect(JSON.stringify(row)).not.toContain(code);

    // Not even the recipient reads it back from the server: it is in their mailbox.
    const own = (await outboxAs(ctx, await tokenFor(ctx.app, user), 'email')).find(
      (m) => m.recipient === user.email,
    )!;
    expect(own).toMatchObject({ status: 'sent', body: null });
    expect(own.subject).not.toContain(code);
  });
});
