import { and, desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings, deliveryOutbox } from '../src/db/schema.js';
import { solvedChallenge } from './helpers/bot-check.js';
import {
  createTestApp,
  FakeClock,
  insertUser,
  type TestContext,
  tokenFor,
  uniqueEmail,
} from './helpers/test-app.js';
import { TEST_DB } from './helpers/test-database.js';

const MINUTE = 60_000;
let ctx: TestContext;
const clock = new FakeClock(new Date());
let phoneCounter = 0;

beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

/** A unique Indian mobile number per test. */
function newPhone(): string {
  phoneCounter++;
  return `+9197${String(Date.now() % 1_000_000).padStart(6, '0')}${String(phoneCounter).padStart(2, '0')}`;
}

function post(url: string, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url, payload, remoteAddress: '10.20.0.1' });
}

async function requestCode(phone: string, altcha?: string) {
  return post('/api/auth/phone/request-code', { phone, altcha: altcha ?? (await solvedChallenge(ctx.app)) });
}

/** The newest SMS to a number, from the delivery outbox (no SMS gateway in tests), whole as sent. */
async function lastSms(phone: string) {
  // The SMS is queued after the answer.
  await ctx.app.services.authTasks.settled();
  const [row] = await ctx.db
    .select()
    .from(deliveryOutbox)
    .where(and(eq(deliveryOutbox.recipient, phone), eq(deliveryOutbox.channel, 'sms')))
    .orderBy(desc(deliveryOutbox.id))
    .limit(1);
  return row;
}

function codeIn(text: string): string {
  return /\b(\d{6})\b/.exec(text)![1]!;
}

describe('phone sign-in', () => {
  it('keeps the bot-check key in app_settings and signs its challenges', async () => {
    await solvedChallenge(ctx.app);
    const [row] = await ctx.db.select().from(appSettings).where(eq(appSettings.key, 'altcha_hmac_key'));
    expect(String(row!.value)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sends an SMS code to an active admin and signs in with the same session as email', async () => {
    const phone = newPhone();
    const admin = await insertUser(ctx.db, { phone, firstName: 'Kavya' });
    const response = await requestCode(phone.replace('+91', '0'));
    expect(response.statusCode).toBe(200);
    const { requestId, resendAfterSeconds, expiresInMinutes } = response.json();
    expect({ resendAfterSeconds, expiresInMinutes }).toEqual({
      resendAfterSeconds: 60,
      expiresInMinutes: 10,
    });
    const sms = await lastSms(phone);
    expect(sms!.message!.text).toMatch(/^\d{6} is your Inspecta sign-in code/);
    expect(sms!.body).toMatch(/^•••••• is your Inspecta sign-in code/);
    expect(sms!.status).toBe('queued');

    const signIn = await post('/api/auth/phone/verify', {
      phone,
      code: codeIn(sms!.message!.text),
      requestId,
    });
    expect(signIn.statusCode).toBe(200);
    const body = signIn.json();
    expect(body.user).toMatchObject({ id: admin.id, email: admin.email, userType: 'admin' });
    const me = await ctx.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${body.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    // Single use.
    const again = await post('/api/auth/phone/verify', {
      phone,
      code: codeIn(sms!.message!.text),
      requestId,
    });
    expect(again.statusCode).toBe(400);
  });

  it('requires a solved bot check and refuses a replayed or forged one', async () => {
    const phone = newPhone();
    await insertUser(ctx.db, { phone });
    const missing = await post('/api/auth/phone/request-code', { phone });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'altcha' })]),
    );

    const solution = await solvedChallenge(ctx.app);
    const decoded = JSON.parse(Buffer.from(solution, 'base64').toString());
    const wrong = Buffer.from(JSON.stringify({ ...decoded, number: decoded.number + 1 })).toString('base64');
    const wrongAnswer = await requestCode(phone, wrong);
    expect(wrongAnswer.statusCode).toBe(400);
    expect(wrongAnswer.json().details[0].field).toBe('altcha');
    expect((await requestCode(phone, 'not-base64-json')).statusCode).toBe(400);

    expect((await requestCode(phone, solution)).statusCode).toBe(200);
    clock.advance(MINUTE + 1000);
    const replay = await requestCode(phone, solution);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().details[0].field).toBe('altcha');
  });

  it('refuses an expired bot-check solution', async () => {
    const phone = newPhone();
    const solution = await solvedChallenge(ctx.app);
    clock.advance(5 * MINUTE + 1000);
    const response = await requestCode(phone, solution);
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('altcha');
  });

  it('answers unknown and inactive numbers the same and sends them nothing', async () => {
    const known = newPhone();
    await insertUser(ctx.db, { phone: known });
    const inactive = newPhone();
    await insertUser(ctx.db, { phone: inactive, status: 'inactive' });
    const unknown = newPhone();
    const answers = [];
    for (const phone of [known, unknown, inactive]) {
      const response = await requestCode(phone);
      const { requestId, ...rest } = response.json();
      expect(requestId).toEqual(expect.any(String));
      answers.push({ status: response.statusCode, rest });
    }
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(await lastSms(known)).toBeDefined();
    for (const phone of [unknown, inactive]) expect(await lastSms(phone)).toBeUndefined();
  });

  it('signs a client in by phone (the portal, issue 20)', async () => {
    const phone = newPhone();
    const client = await insertUser(ctx.db, { phone, userType: 'client', email: uniqueEmail('client') });
    const { requestId } = (await requestCode(phone)).json();
    const sms = await lastSms(phone);
    expect(sms).toBeDefined();
    const signIn = await post('/api/auth/phone/verify', {
      phone,
      code: codeIn(sms!.message!.text),
      requestId,
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ id: client.id, userType: 'client' });
  });

  it('binds the code to its request, expires it, counts tries and limits sending', async () => {
    const phone = newPhone();
    await insertUser(ctx.db, { phone });
    const first = (await requestCode(phone)).json();
    const code = codeIn((await lastSms(phone))!.message!.text);
    // Another request id does not unlock this code (and spends a try).
    const other = await post('/api/auth/phone/verify', { phone, code, requestId: 'x'.repeat(43) });
    expect(other.statusCode).toBe(400);
    expect(other.json().details[0].message).toMatch(/4 tries left/);
    // Limits: one a minute.
    expect((await requestCode(phone)).statusCode).toBe(429);
    // Expiry.
    clock.advance(10 * MINUTE + 1000);
    const late = await post('/api/auth/phone/verify', { phone, code, requestId: first.requestId });
    expect(late.statusCode).toBe(400);
    expect(late.json().details[0].message).toMatch(/expired/);
    // Five wrong tries end a fresh code.
    const second = (await requestCode(phone)).json();
    const fresh = codeIn((await lastSms(phone))!.message!.text);
    const wrong = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      await post('/api/auth/phone/verify', { phone, code: wrong, requestId: second.requestId });
    const dead = await post('/api/auth/phone/verify', { phone, code: fresh, requestId: second.requestId });
    expect(dead.statusCode).toBe(400);
  });

  it.runIf(TEST_DB === 'postgres')(
    'answers a known number without waiting for its SMS to be queued',
    async () => {
      const phone = newPhone();
      await insertUser(ctx.db, { phone });
      const altcha = await solvedChallenge(ctx.app);
      // Another connection holds the outbox: a request that queued the SMS before answering would wait.
      const other = new pg.Client({ connectionString: ctx.database.url });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('lock table delivery_outbox in share mode');
        const response = await Promise.race([
          requestCode(phone, altcha),
          new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 5000)),
        ]);
        expect(response).not.toBe('still waiting');
        if (typeof response !== 'string') expect(response.statusCode).toBe(200);
      } finally {
        await other.query('rollback');
        await other.end();
      }
      expect((await lastSms(phone))!.recipient).toBe(phone);
    },
  );

  it('validates the number as E.164', async () => {
    const response = await post('/api/auth/phone/request-code', { phone: '12345', altcha: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('phone');
  });
});

describe('delivery outbox for administrators', () => {
  it('lists SMS and email newest first, says what is configured, and refuses inspectors', async () => {
    const admin = await insertUser(ctx.db);
    const inspector = await insertUser(ctx.db, { userType: 'inspector' });
    const phone = newPhone();
    await insertUser(ctx.db, { phone });
    await requestCode(phone);
    const token = await tokenFor(ctx.app, admin);
    const status = await ctx.app.inject({
      url: '/api/delivery/status',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(status.json()).toEqual({ emailConfigured: false, smsConfigured: false });
    const list = await ctx.app.inject({
      url: '/api/delivery/outbox?channel=sms&limit=5',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.pagination).toMatchObject({ page: 1, limit: 5 });
    expect(body.messages[0]).toMatchObject({ channel: 'sms', recipient: phone, status: 'queued' });
    const ids = body.messages.map((m: { id: number }) => m.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const refused = await ctx.app.inject({
      url: '/api/delivery/outbox',
      headers: { authorization: `Bearer ${await tokenFor(ctx.app, inspector)}` },
    });
    expect(refused.statusCode).toBe(403);
  });
});
