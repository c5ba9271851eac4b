import { randomBytes } from 'node:crypto';
import { gstinCheckCharacter, type Order } from '@inspecta/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryOutbox, inspections, notifications, sites } from '../src/db/schema.js';
import type { MailTransport } from '../src/modules/delivery/index.js';
import { insertUnit, uniq } from './helpers/equipment-fixtures.js';
import {
  api,
  assignUnits,
  type MaintenanceWorld,
  maintenanceWorld,
  submitAnswers,
} from './helpers/maintenance-fixtures.js';
import { createTestApp, FakeClock, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

const PUBLIC_URL = 'https://inspect.example.in';

interface Client {
  id: number;
  email: string;
  token: string;
  siteId: number;
  siteName: string;
  unitIds: number[];
}

/** A client with its own site and one unit (of the world's type). */
async function newClient(ctx: TestContext, w: MaintenanceWorld, name: string): Promise<Client> {
  const user = await insertUser(ctx.db, { userType: 'client', company: uniq(name), firstName: name });
  const [site] = await ctx.db
    .insert(sites)
    .values({
      siteCode: `S-${randomBytes(3).toString('hex')}`,
      name: uniq(`${name} Tower`),
      clientId: user.id,
      status: 'active',
    })
    .returning();
  const unit = await insertUnit(ctx.db, {
    siteId: site!.id,
    equipmentTypeId: w.typeId,
    nextDueOn: '2026-12-31',
  });
  return {
    id: user.id,
    email: user.email,
    token: await tokenFor(ctx.app, user),
    siteId: site!.id,
    siteName: site!.name,
    unitIds: [unit.id],
  };
}

/** The e-mails kept for this user in the delivery outbox (the development outbox: no SMTP_URL). */
async function mailsTo(ctx: TestContext, userId: number) {
  return ctx.db
    .select()
    .from(deliveryOutbox)
    .where(and(eq(deliveryOutbox.recipientUserId, userId), eq(deliveryOutbox.channel, 'email')))
    .orderBy(deliveryOutbox.id);
}

/** What the client receives by notification of one kind. */
const notificationsOf = (ctx: TestContext, userId: number, type: string) =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

async function assignTo(ctx: TestContext, w: MaintenanceWorld, client: Client) {
  return assignUnits(ctx, { ...w, siteId: client.siteId }, { equipmentIds: client.unitIds });
}

describe('client notifications by e-mail (issue 20)', () => {
  let ctx: TestContext;
  const clock = new FakeClock(new Date('2026-06-15T10:00:00Z'));
  let w: MaintenanceWorld;
  let a: Client;
  let b: Client;
  let quiet: Client;

  beforeAll(async () => {
    ctx = await createTestApp({ clock, config: { PUBLIC_URL } });
    w = await maintenanceWorld(ctx);
    a = await newClient(ctx, w, 'Acme');
    b = await newClient(ctx, w, 'Borealis');
    quiet = await newClient(ctx, w, 'Quiet');
    // The quiet client keeps these kinds in the app but not by e-mail.
    const off = await api(ctx, 'PUT', '/api/auth/me/notification-preferences', quiet.token, {
      preferences: {
        'report.ready': { inApp: true, push: true, email: false },
        'action.opened_on_site': { inApp: true, push: true, email: false },
        'request.updated': { inApp: true, push: true, email: false },
      },
    });
    expect(off.statusCode, off.body).toBe(200);
  });
  afterAll(() => ctx.close());

  it('answers the e-mail switch for the client kinds only, on by default, and keeps it when omitted', async () => {
    const response = await api(ctx, 'GET', '/api/auth/me/notification-preferences', a.token);
    expect(response.statusCode).toBe(200);
    const { preferences } = response.json();
    expect(preferences['report.ready']).toEqual({ inApp: true, push: true, email: true });
    expect(preferences['order.shipped']).toEqual({ inApp: true, push: true, email: true });
    expect(preferences['assignment.created']).toEqual({ inApp: true, push: true });
    // A client that sends only inApp/push (the dashboard's form) keeps the e-mail choice.
    const saved = await api(ctx, 'PUT', '/api/auth/me/notification-preferences', quiet.token, {
      preferences: {
        'report.ready': { inApp: true, push: false },
        'assignment.created': { inApp: true, push: true, email: true },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().preferences['report.ready']).toEqual({ inApp: true, push: false, email: false });
    expect(saved.json().preferences['assignment.created']).toEqual({ inApp: true, push: true });
  });

  it('e-mails the site’s client once when its report is ready and an action opened, naming the site with an absolute portal link', async () => {
    const assignmentId = await assignTo(ctx, w, a);
    const response = await submitAnswers(ctx, w.inspector.token, assignmentId, [
      { equipmentId: a.unitIds[0]!, gauge_ok: 'fail' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const inspectionId = response.json().inspection.id;
    const [action] = await notificationsOf(ctx, a.id, 'action.opened_on_site');

    const mails = await mailsTo(ctx, a.id);
    expect(mails).toHaveLength(2);
    const report = mails.find((m) => m.subject?.startsWith('Inspection report ready'));
    const opened = mails.find((m) => m.subject?.startsWith('Corrective action opened'));
    expect(report).toMatchObject({ recipient: a.email, status: 'queued' });
    expect(report!.subject).toBe(`Inspection report ready: ${a.siteName}`);
    expect(report!.body).toContain(`Hello Acme,`);
    expect(report!.body).toContain(`${PUBLIC_URL}/portal/inspections/${inspectionId}`);
    expect(report!.html).toContain(`href="${PUBLIC_URL}/portal/inspections/${inspectionId}"`);
    expect(opened!.subject).toContain(`Corrective action opened at ${a.siteName}`);
    expect(opened!.body).toContain(`${PUBLIC_URL}${action!.link}`);
    // Neither another client nor the staff receive them.
    expect(await mailsTo(ctx, b.id)).toHaveLength(0);
    expect(await mailsTo(ctx, w.admin.id)).toHaveLength(0);
    expect(await mailsTo(ctx, w.inspector.id)).toHaveLength(0);
  });

  it('sends nothing to a client who switched the kind off for e-mail, and still notifies it in the app', async () => {
    const assignmentId = await assignTo(ctx, w, quiet);
    const response = await submitAnswers(ctx, w.inspector.token, assignmentId, [
      { equipmentId: quiet.unitIds[0]!, gauge_ok: 'fail' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(await notificationsOf(ctx, quiet.id, 'report.ready')).toHaveLength(1);
    expect(await notificationsOf(ctx, quiet.id, 'action.opened_on_site')).toHaveLength(1);
    expect(await mailsTo(ctx, quiet.id)).toHaveLength(0);
  });

  it('e-mails a declined request to its client; a cancelled one tells the administrators in the app, no e-mail', async () => {
    const file = (client: Client) =>
      api(ctx, 'POST', '/api/portal/requests', client.token, {
        siteId: client.siteId,
        message: 'Please inspect before the audit',
      });
    const declined = (await file(b)).json().request.id;
    const before = (await mailsTo(ctx, b.id)).length;
    const decline = await api(ctx, 'POST', `/api/inspection-requests/${declined}/decline`, w.admin.token, {
      reason: 'Inspected last week',
    });
    expect(decline.statusCode, decline.body).toBe(200);
    const mails = await mailsTo(ctx, b.id);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toBe(`Request declined: ${b.siteName}`);
    expect(mails.at(-1)!.body).toContain('Inspected last week');
    expect(mails.at(-1)!.body).toContain(`${PUBLIC_URL}/portal/requests`);

    const quietRequest = (await file(quiet)).json().request.id;
    await api(ctx, 'POST', `/api/inspection-requests/${quietRequest}/decline`, w.admin.token, {
      reason: 'Not needed',
    });
    expect(await mailsTo(ctx, quiet.id)).toHaveLength(0);

    const cancelled = (await file(a)).json().request.id;
    const aMails = (await mailsTo(ctx, a.id)).length;
    const cancel = await api(ctx, 'POST', `/api/portal/requests/${cancelled}/cancel`, a.token);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const told = await notificationsOf(ctx, w.admin.id, 'request.cancelled');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: `Request cancelled: ${a.siteName}`,
      link: '/dashboard/inspection-management?tab=requests',
    });
    expect(await notificationsOf(ctx, a.id, 'request.cancelled')).toHaveLength(0);
    expect(await mailsTo(ctx, w.admin.id)).toHaveLength(0);
    expect(await mailsTo(ctx, a.id)).toHaveLength(aMails);
  });

  it('e-mails the site’s client when a unit there became overdue (once a day)', async () => {
    await insertUnit(ctx.db, { siteId: b.siteId, equipmentTypeId: w.typeId, nextDueOn: '2026-06-13' });
    const before = (await mailsTo(ctx, b.id)).length;
    await ctx.app.services.escalation.runOnce(new Date('2026-06-15T06:00:00Z'));
    await ctx.app.services.escalation.runOnce(new Date('2026-06-15T12:00:00Z'));
    const mails = await mailsTo(ctx, b.id);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toBe(`Inspection overdue: ${b.siteName}`);
    expect(mails.at(-1)!.body).toContain(`${PUBLIC_URL}/portal/sites/${b.siteId}`);
    expect((await mailsTo(ctx, a.id)).filter((m) => m.subject?.startsWith('Inspection overdue'))).toEqual([]);
  });
});

/** A valid GSTIN of a state: state code, a PAN, entity 1, Z and the right check character. */
function gstinOf(stateCode: string, pan = 'AAPFU0939F'): string {
  const first14 = `${stateCode}${pan}1Z`;
  return `${first14}${gstinCheckCharacter(first14)}`;
}

describe('client e-mails leave after the commit, and a failing mail server rolls nothing back', () => {
  let ctx: TestContext;
  const clock = new FakeClock(new Date('2026-06-15T06:30:00Z'));
  /** What the (failing) mail server was handed, and whether the change was committed by then. */
  const attempts: Array<{ to: string; subject: string; committed: boolean }> = [];
  let seeCommitted: (() => Promise<boolean>) | null = null;
  const failingServer: MailTransport = {
    name: 'failing',
    async send(email) {
      attempts.push({ to: email.to, subject: email.subject, committed: (await seeCommitted?.()) ?? false });
      throw new Error('421 mail server unavailable');
    },
  };
  let w: MaintenanceWorld;
  let a: Client;

  beforeAll(async () => {
    ctx = await createTestApp({ clock, mailTransport: failingServer, config: { PUBLIC_URL } });
    w = await maintenanceWorld(ctx);
    a = await newClient(ctx, w, 'Acme');
  });
  afterAll(() => ctx.close());

  it('completes the inspection; the e-mail is tried once it committed and recorded as failed', async () => {
    const assignmentId = await assignTo(ctx, w, a);
    // Read through another connection path (the pool): true only once the inspection is committed.
    seeCommitted = async () =>
      (await ctx.db.select().from(inspections).where(eq(inspections.assignmentId, assignmentId))).length > 0;
    const response = await submitAnswers(ctx, w.inspector.token, assignmentId, [
      { equipmentId: a.unitIds[0]!, gauge_ok: 'pass' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    await ctx.app.services.notificationEmails.settled();
    await expect.poll(() => attempts.length).toBe(1);
    await ctx.app.services.notificationEmails.settled();
    expect(attempts[0]).toMatchObject({ to: a.email, committed: true });
    const mails = await mailsTo(ctx, a.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ status: 'failed', error: '421 mail server unavailable' });
    expect(await notificationsOf(ctx, a.id, 'report.ready')).toHaveLength(1);
  });

  it('ships the shipment when its e-mail fails, and tells only the ordering client', async () => {
    const adminUser = await insertUser(ctx.db, { userType: 'admin' });
    const admin = await tokenFor(ctx.app, adminUser);
    const ok = async <T>(method: string, url: string, token: string, payload?: unknown, status = 200) => {
      const response = await api(ctx, method, url, token, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
      return response.json() as T;
    };
    await ok('PUT', '/api/settings/organisation', admin, {
      companyName: 'Sahyadri Fire Safety Pvt Ltd',
      timezone: 'Asia/Kolkata',
      dateFormat: 'D MMM YYYY',
      defaultInspectionIntervalDays: 180,
      gstin: gstinOf('27', 'AAACS1234K'),
      addressLine1: '12 Industrial Estate',
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '411001',
    });
    const { category } = await ok<{ category: { id: number } }>(
      'POST',
      '/api/shop/categories',
      admin,
      { name: uniq('Refills') },
      201,
    );
    const { product } = await ok<{ product: { id: number } }>(
      'POST',
      '/api/shop/products',
      admin,
      {
        sku: uniq('RF').replace(/\s/g, '-'),
        name: uniq('ABC dry powder refill 6 kg'),
        unit: 'piece',
        pricePaise: 45_000,
        hsnCode: '38130000',
        gstRate: 18,
        reorderLevel: 2,
        categoryId: category.id,
      },
      201,
    );
    await ok(
      'POST',
      `/api/shop/products/${product.id}/stock-movements`,
      admin,
      { kind: 'receive', quantity: 10, unitCostPaise: 30_000 },
      201,
    );
    const address = async (values: Record<string, unknown>) =>
      (
        await ok<{ address: { id: number } }>(
          'POST',
          `/api/shop/clients/${a.id}/addresses`,
          admin,
          {
            kind: 'shipping',
            label: 'Acme Tower',
            addressLine1: '4 MIDC Road',
            city: 'Pune',
            state: 'Maharashtra',
            pincode: '411019',
            ...values,
          },
          201,
        )
      ).address;
    const billing = await address({ kind: 'billing', label: 'Head office', gstin: gstinOf('27') });
    const shipping = await address({});
    await ok('PATCH', '/api/portal/cart', a.token, { billingAddressId: billing.id });
    await ok('POST', '/api/portal/cart/lines', a.token, {
      productId: product.id,
      quantity: 1,
      addressId: shipping.id,
    });
    const { order } = await ok<{ order: Order }>('POST', '/api/portal/orders', a.token, {}, 201);
    const shipment = `/api/shop/orders/${order.id}/shipments/${order.shipments[0]!.id}`;
    await ok('POST', `/api/shop/orders/${order.id}/confirm`, admin);
    await ok('POST', `${shipment}/pack`, admin);
    const before = attempts.length;
    const shipped = await ok<{ order: Order }>('POST', `${shipment}/ship`, admin, {
      carrier: 'Blue Dart',
      trackingNumber: 'BD1',
      shippedOn: '2026-06-15',
    });
    expect(shipped.order.shipments[0]!.status).toBe('shipped');
    await expect.poll(() => attempts.length).toBe(before + 1);
    await ctx.app.services.notificationEmails.settled();
    expect(attempts.at(-1)).toMatchObject({
      to: a.email,
      subject: `Order ${order.orderNumber} shipped to Acme Tower, Pune`,
    });
    const mails = await mailsTo(ctx, a.id);
    expect(mails.at(-1)).toMatchObject({
      status: 'failed',
      subject: `Order ${order.orderNumber} shipped to Acme Tower, Pune`,
    });
    expect(await mailsTo(ctx, adminUser.id)).toHaveLength(0);
  });
});
