import { randomBytes } from 'node:crypto';
import { editUserFormSchema } from '@inspecta/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../src/core/access.js';
import { MemoryFileStorage } from '../src/core/files/file-storage.js';
import { auditEvents, deliveryOutbox, sessions, userInvitations, users } from '../src/db/schema.js';
import type { MailTransport, OutgoingEmail } from '../src/modules/delivery/index.js';
import { bootstrapDatabase } from '../src/seed/bootstrap.js';
import { multipartFile } from './helpers/multipart.js';
import {
  type CreatedUser,
  createTestApp,
  insertUser,
  login,
  type TestContext,
  testConfig,
  tokenFor,
  uniqueEmail,
} from './helpers/test-app.js';

const NEW_PASSWORD = 'Harbour-lantern-42';
let phoneCounter = 0;
/** A unique Indian mobile number in E.164. */
function uniquePhone(): string {
  phoneCounter += 1;
  return `+9197${String(Date.now() % 1_000_000).padStart(6, '0')}${String(phoneCounter).padStart(2, '0')}`;
}

const multipart = (data: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg', field = 'file') =>
  multipartFile(data, filename, contentType, field);

const fieldsOf = (body: { details?: Array<{ field: string }> }) =>
  [...new Set((body.details ?? []).map((d) => d.field))].sort();

describe('user management API', () => {
  let ctx: TestContext;
  let admin: CreatedUser;
  let adminToken: string;
  let inspectorToken: string;
  const storage = new MemoryFileStorage();

  beforeAll(async () => {
    ctx = await createTestApp({
      fileStorage: storage,
      config: { PUBLIC_URL: 'https://inspecta.example.in' },
    });
    admin = await insertUser(ctx.db, { userType: 'admin', firstName: 'Asha', lastName: 'Kulkarni' });
    adminToken = await tokenFor(ctx.app, admin);
    inspectorToken = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'inspector' }));
  });
  afterAll(() => ctx.close());

  const as = (token: string) => ({ authorization: token });
  const register = (payload: Record<string, unknown>, token = adminToken) =>
    ctx.app.inject({ method: 'POST', url: '/api/admin/register', headers: as(token), payload });
  const list = (query: string, token = adminToken) =>
    ctx.app.inject({ url: `/api/admin/userlist?${query}`, headers: as(token) });

  function adminBody(overrides: Record<string, unknown> = {}) {
    return {
      userType: 'admin',
      firstName: 'Rohit',
      lastName: 'Sharma',
      email: uniqueEmail('rohit'),
      phone: uniquePhone(),
      password: NEW_PASSWORD,
      ...overrides,
    };
  }

  function inspectorBody(overrides: Record<string, unknown> = {}) {
    return {
      userType: 'inspector',
      firstName: 'Vikram',
      lastName: 'Singh',
      email: uniqueEmail('vikram'),
      phone: uniquePhone(),
      employeeCode: `INS-${randomBytes(3).toString('hex')}`,
      licenceNumber: 'FSL-MH-22871',
      password: NEW_PASSWORD,
      ...overrides,
    };
  }

  function clientBody(overrides: Record<string, unknown> = {}) {
    return {
      userType: 'client',
      firstName: 'Priya',
      lastName: 'Raman',
      email: uniqueEmail('priya'),
      phone: uniquePhone(),
      company: 'Raman Realty Pvt Ltd',
      password: NEW_PASSWORD,
      ...overrides,
    };
  }

  async function auditFor(entityId: number, action: string) {
    return ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityType, 'user'),
          eq(auditEvents.entityId, String(entityId)),
          eq(auditEvents.action, action),
        ),
      )
      .orderBy(desc(auditEvents.id));
  }

  describe('POST /api/admin/register', () => {
    it('creates an admin with a password who can then sign in, and audits it', async () => {
      const phone = uniquePhone();
      const body = adminBody({
        email: `  Rohit.${randomBytes(3).toString('hex')}@Example.TEST `,
        phone: `${phone.slice(0, 3)} ${phone.slice(3, 8)}-${phone.slice(8)}`,
      });
      const response = await register(body);
      expect(response.statusCode).toBe(201);
      const { user, invitation, message } = response.json();
      expect(message).toBe('Administrator Rohit Sharma created');
      expect(invitation).toBeNull();
      expect(user).toMatchObject({
        userType: 'admin',
        firstName: 'Rohit',
        lastName: 'Sharma',
        email: (body.email as string).trim().toLowerCase(),
        phone,
        status: 'active',
        hasPassword: true,
        invitationExpiresAt: null,
        company: null,
        lastLoginAt: null,
      });
      expect(response.body).not.toContain('passwordHash');
      expect(response.body).not.toContain(NEW_PASSWORD);
      expect((await login(ctx.app, user.email, NEW_PASSWORD, '10.50.0.1')).statusCode).toBe(200);

      const [event] = await auditFor(user.id, 'user.create');
      expect(event?.actorId).toBe(admin.id);
      expect(event?.after).toMatchObject({ email: user.email, userType: 'admin', hasPassword: true });
      expect(JSON.stringify(event)).not.toContain('argon2');
    });

    it('creates an inspector and a client with their role data, dropping fields of other roles', async () => {
      const inspector = await register(inspectorBody({ company: 'Not for inspectors' }));
      expect(inspector.statusCode).toBe(201);
      expect(inspector.json().user).toMatchObject({
        userType: 'inspector',
        licenceNumber: 'FSL-MH-22871',
        company: null,
      });
      const client = await register(clientBody({ employeeCode: 'X-1', licenceNumber: 'L-1' }));
      expect(client.statusCode).toBe(201);
      expect(client.json().user).toMatchObject({
        userType: 'client',
        company: 'Raman Realty Pvt Ltd',
        employeeCode: null,
        licenceNumber: null,
      });
    });

    it('names every missing required field', async () => {
      const empty = await register({});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().code).toBe('VALIDATION_FAILED');
      expect(fieldsOf(empty.json())).toEqual(['email', 'firstName', 'lastName', 'password', 'userType']);

      const inspector = await register({ userType: 'inspector', sendInvitation: true });
      expect(fieldsOf(inspector.json())).toEqual([
        'email',
        'employeeCode',
        'firstName',
        'lastName',
        'licenceNumber',
        'phone',
      ]);
      const client = await register(clientBody({ company: '  ', phone: null }));
      expect(client.statusCode).toBe(400);
      expect(client.json().details).toEqual([
        { field: 'company', message: 'Company is required for clients' },
        { field: 'phone', message: 'Phone is required for clients' },
      ]);
    });

    it('refuses a malformed email or phone, an unknown role and a weak password', async () => {
      const response = await register(
        adminBody({ email: 'not-an-email', phone: '12345', userType: 'owner', password: 'short' }),
      );
      expect(response.statusCode).toBe(400);
      expect(fieldsOf(response.json())).toEqual(['email', 'password', 'phone', 'userType']);
      expect(response.json().details).toContainEqual({
        field: 'phone',
        message: 'Enter a phone number such as +91 98200 10001 or 022 2345 6789',
      });

      const weak = await register(adminBody({ password: 'Password123' }));
      expect(weak.json().details).toEqual([
        { field: 'password', message: 'This password is too common; choose another' },
      ]);
      const email = uniqueEmail('sameasemail');
      const sameAsEmail = await register(adminBody({ email, password: email }));
      expect(sameAsEmail.json().details).toEqual([
        { field: 'password', message: 'The password must not be the email' },
      ]);
      const both = await register(adminBody({ sendInvitation: true }));
      expect(both.json().details).toEqual([
        { field: 'password', message: 'Leave the password empty when sending an invitation' },
      ]);
    });

    it('answers 409 naming the field for a duplicate email (any case), phone or employee code', async () => {
      const first = (await register(inspectorBody())).json().user;
      const sameEmail = await register(adminBody({ email: first.email.toUpperCase() }));
      expect(sameEmail.statusCode).toBe(409);
      expect(sameEmail.json()).toMatchObject({
        code: 'CONFLICT',
        message: 'A user with this email already exists',
        details: [{ field: 'email', message: 'A user with this email already exists' }],
      });
      const samePhone = await register(adminBody({ phone: first.phone }));
      expect(samePhone.statusCode).toBe(409);
      expect(samePhone.json().details[0].field).toBe('phone');
      const sameCode = await register(inspectorBody({ employeeCode: first.employeeCode.toLowerCase() }));
      expect(sameCode.statusCode).toBe(409);
      expect(sameCode.json().details[0].field).toBe('employeeCode');
      // Nothing of the refused attempts was kept: no user, no audit event.
      const rows = await ctx.db.select().from(users).where(eq(users.phone, first.phone));
      expect(rows).toHaveLength(1);
    });
  });

  describe('invitations', () => {
    async function invite(body = inspectorBody({ password: undefined, sendInvitation: true })) {
      const response = await register(body);
      expect(response.statusCode).toBe(201);
      const json = response.json();
      const token = new URL(json.invitation.link).searchParams.get('token')!;
      return { user: json.user, invitation: json.invitation, token, message: json.message as string };
    }

    it('creates the user without a password and keeps the email in the outbox', async () => {
      const { user, invitation, token, message } = await invite();
      expect(user.hasPassword).toBe(false);
      expect(invitation.delivery).toBe('queued');
      expect(message).toMatch(/kept in the outbox/);
      expect(invitation.link).toMatch(
        /^https:\/\/inspecta\.example\.in\/accept-invitation\?token=[\w-]{43}$/,
      );
      expect(new Date(invitation.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
      expect(user.invitationExpiresAt).toBe(invitation.expiresAt);

      const [mail] = await ctx.db
        .select()
        .from(deliveryOutbox)
        .where(eq(deliveryOutbox.recipient, user.email));
      expect(mail).toMatchObject({ channel: 'email', status: 'queued', sentAt: null });
      expect(mail!.subject).toBe('Your Inspecta account: choose a password');
      // The link goes out whole; what administrators read in the outbox has its token masked.
      expect(mail!.message!.text).toContain(invitation.link);
      expect(mail!.body).toContain('Asha Kulkarni has created');
      expect(mail!.body).toContain('/accept-invitation?token=••••••');
      expect(mail!.body).not.toContain(token);
      expect(mail!.html).toContain('Choose your password');
      expect(mail!.html).not.toContain(token);

      // Only a digest of the token is stored, and the audit trail does not carry it.
      const [row] = await ctx.db.select().from(userInvitations).where(eq(userInvitations.userId, user.id));
      expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row!.tokenHash).not.toContain(token);
      const events = await auditFor(user.id, 'user.invitation_sent');
      expect(events).toHaveLength(1);
      expect(JSON.stringify(events)).not.toContain(token);

      // Invited but without a password: a sign-in attempt fails like a wrong password.
      expect((await login(ctx.app, user.email, NEW_PASSWORD, '10.51.0.1')).statusCode).toBe(401);
    });

    it('tells the invitation page who it is for, then sets the password once', async () => {
      const { user, token } = await invite();
      const info = await ctx.app.inject({ url: `/api/auth/invitation?token=${token}` });
      expect(info.statusCode).toBe(200);
      expect(info.json()).toMatchObject({ firstName: 'Vikram', email: user.email, userType: 'inspector' });

      const weak = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/accept-invitation',
        payload: { token, password: 'short' },
      });
      expect(weak.statusCode).toBe(400);
      expect(fieldsOf(weak.json())).toEqual(['password']);
      const asEmail = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/accept-invitation',
        payload: { token, password: user.email },
      });
      expect(asEmail.json().details).toEqual([
        { field: 'password', message: 'The password must not be your email' },
      ]);

      const accepted = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/accept-invitation',
        payload: { token, password: NEW_PASSWORD },
      });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toEqual({ message: 'Your password is set', userType: 'inspector' });
      expect((await login(ctx.app, user.email, NEW_PASSWORD, '10.51.0.2')).statusCode).toBe(200);

      const again = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/accept-invitation',
        payload: { token, password: 'Another-passphrase-9' },
      });
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toMatch(/already used/);
      expect((await auditFor(user.id, 'user.invitation_accepted'))[0]?.actorId).toBe(user.id);
      const detail = await ctx.app.inject({ url: `/api/admin/users/${user.id}`, headers: as(adminToken) });
      expect(detail.json().user).toMatchObject({ hasPassword: true, invitationExpiresAt: null });
    });

    it('refuses unknown and malformed tokens', async () => {
      const unknown = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/accept-invitation',
        payload: { token: randomBytes(32).toString('base64url'), password: NEW_PASSWORD },
      });
      expect(unknown.statusCode).toBe(404);
      const malformed = await ctx.app.inject({ url: '/api/auth/invitation?token=abc' });
      expect(malformed.statusCode).toBe(400);
      const missing = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/accept-invitation',
        payload: {},
      });
      expect(fieldsOf(missing.json())).toEqual(['password', 'token']);
    });

    it('re-sends an invitation, which ends the earlier link', async () => {
      const { user, token: first } = await invite();
      const resent = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/users/${user.id}/invitation`,
        headers: as(adminToken),
      });
      expect(resent.statusCode).toBe(200);
      const second = new URL(resent.json().invitation.link).searchParams.get('token')!;
      expect(second).not.toBe(first);
      expect((await ctx.app.inject({ url: `/api/auth/invitation?token=${first}` })).statusCode).toBe(404);
      expect((await ctx.app.inject({ url: `/api/auth/invitation?token=${second}` })).statusCode).toBe(200);

      const withPassword = (await register(clientBody())).json().user;
      const refused = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/users/${withPassword.id}/invitation`,
        headers: as(adminToken),
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/already chosen a password/);
      const missing = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/users/999999/invitation',
        headers: as(adminToken),
      });
      expect(missing.statusCode).toBe(404);
    });

    it('ends open invitations when the user is deactivated', async () => {
      const { user, token } = await invite();
      await ctx.app.inject({
        method: 'PATCH',
        url: `/api/admin/update-user-status/${user.id}`,
        headers: as(adminToken),
        payload: { status: 'inactive' },
      });
      expect((await ctx.app.inject({ url: `/api/auth/invitation?token=${token}` })).statusCode).toBe(404);
    });
  });

  describe('GET /api/admin/userlist', () => {
    const tag = randomBytes(3).toString('hex');
    const created: Array<{ id: number; email: string; phone: string }> = [];

    beforeAll(async () => {
      const people = [
        inspectorBody({ firstName: 'Zubin', lastName: `Mistry${tag}`, email: `zubin.${tag}@fieldcrew.in` }),
        inspectorBody({ firstName: 'Anil', lastName: `Mistry${tag}`, email: `anil.${tag}@fieldcrew.in` }),
        clientBody({ firstName: 'Meher', lastName: `Mistry${tag}`, company: `Mistry${tag} Holdings` }),
        adminBody({ firstName: 'Kiran', lastName: `Mistry${tag}`, email: `kiran.${tag}@inspecta.in` }),
      ];
      for (const person of people) created.push((await register(person)).json().user);
    });

    it('searches name, email, phone and id, case-insensitively, as a substring', async () => {
      const byName = await list(`search=${`mistry${tag}`.toUpperCase()}`);
      expect(byName.statusCode).toBe(200);
      expect(byName.json().pagination).toEqual({ page: 1, limit: 20, total: 4 });

      const byEmail = await list(`search=${encodeURIComponent(`BIN.${tag}@FIELD`)}`);
      expect(byEmail.json().users.map((u: { email: string }) => u.email)).toEqual([
        `zubin.${tag}@fieldcrew.in`,
      ]);

      const phone = created[1]!.phone;
      const spaced = `${phone.slice(3, 8)} ${phone.slice(8)}`;
      const byPhone = await list(`search=${encodeURIComponent(spaced)}`);
      expect(byPhone.json().users.map((u: { id: number }) => u.id)).toEqual([created[1]!.id]);

      const byId = await list(`search=${created[2]!.id}`);
      expect(byId.json().users.map((u: { id: number }) => u.id)).toContain(created[2]!.id);

      const byFullName = await list(`search=${encodeURIComponent(`anil mistry${tag}`)}`);
      expect(byFullName.json().pagination.total).toBe(1);

      const wildcard = await list(`search=${encodeURIComponent('%_%')}`);
      expect(wildcard.json().pagination.total).toBe(0);
    });

    it('filters by role and status, pages, and sorts', async () => {
      const inspectors = await list(`search=mistry${tag}&user_type=inspector&sort=name`);
      expect(inspectors.json().users.map((u: { firstName: string }) => u.firstName)).toEqual([
        'Anil',
        'Zubin',
      ]);
      const descending = await list(`search=mistry${tag}&user_type=all&sort=-name&limit=2&page=2`);
      expect(descending.json().pagination).toEqual({ page: 2, limit: 2, total: 4 });
      expect(descending.json().users.map((u: { firstName: string }) => u.firstName)).toEqual([
        'Kiran',
        'Anil',
      ]);
      const active = await list(`search=mistry${tag}&status=inactive`);
      expect(active.json().pagination.total).toBe(0);
      const newest = await list(`search=mistry${tag}`);
      expect(newest.json().users[0].id).toBe(created[3]!.id);
    });

    it('refuses bad query values with the parameter named', async () => {
      const response = await list('user_type=owner&sort=password&limit=1000&page=0');
      expect(response.statusCode).toBe(400);
      expect(fieldsOf(response.json())).toEqual(['limit', 'page', 'sort', 'user_type']);
    });

    it('serves the administrators list at GET /api/create/admin', async () => {
      const response = await ctx.app.inject({
        url: `/api/create/admin?search=mistry${tag}`,
        headers: as(adminToken),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().users.map((u: { firstName: string }) => u.firstName)).toEqual(['Kiran']);
      const all = await ctx.app.inject({ url: '/api/create/admin?limit=100', headers: as(adminToken) });
      expect(all.json().users.every((u: { userType: string }) => u.userType === 'admin')).toBe(true);
    });
  });

  describe('PATCH /api/admin/update-user-profile/:id', () => {
    const patch = (id: number, payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/admin/update-user-profile/${id}`,
        headers: as(adminToken),
        payload,
      });

    it('changes what was sent and audits before and after', async () => {
      const user = (await register(clientBody())).json().user;
      const response = await patch(user.id, { firstName: 'Priyanka', company: 'Raman Estates LLP' });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe('Priyanka Raman updated');
      expect(response.json().user).toMatchObject({
        firstName: 'Priyanka',
        lastName: 'Raman',
        company: 'Raman Estates LLP',
        phone: user.phone,
      });
      const [event] = await auditFor(user.id, 'user.update');
      expect(event?.before).toEqual({ firstName: 'Priya', company: 'Raman Realty Pvt Ltd' });
      expect(event?.after).toEqual({ firstName: 'Priyanka', company: 'Raman Estates LLP' });

      const unchanged = await patch(user.id, { firstName: 'Priyanka' });
      expect(unchanged.json().message).toBe('Nothing changed');
      expect(await auditFor(user.id, 'user.update')).toHaveLength(1);
    });

    it('keeps the role rules, refuses an empty change, 404s and 409s', async () => {
      const client = (await register(clientBody())).json().user;
      const cleared = await patch(client.id, { company: '' });
      expect(cleared.statusCode).toBe(400);
      expect(cleared.json().details).toEqual([
        { field: 'company', message: 'Company is required for clients' },
      ]);
      const empty = await patch(client.id, {});
      expect(empty.statusCode).toBe(400);
      const invalid = await patch(client.id, { email: 'x', firstName: '' });
      expect(fieldsOf(invalid.json())).toEqual(['email', 'firstName']);
      expect((await patch(999_999, { firstName: 'Nobody' })).statusCode).toBe(404);
      const other = (await register(adminBody())).json().user;
      const taken = await patch(client.id, { email: other.email });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().details).toEqual([
        { field: 'email', message: 'A user with this email already exists' },
      ]);
    });

    it('lets an admin edit their own profile', async () => {
      const response = await patch(admin.id, { lastName: 'Kulkarni-Rao' });
      expect(response.statusCode).toBe(200);
      const me = await ctx.app.inject({ url: '/api/auth/me', headers: as(adminToken) });
      expect(me.json().user.lastName).toBe('Kulkarni-Rao');
    });
  });

  describe('status and deletion', () => {
    const setStatus = (id: number, status: string, token = adminToken) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/admin/update-user-status/${id}`,
        headers: as(token),
        payload: { status },
      });
    const remove = (id: number, token = adminToken) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/admin/deleteuser/${id}`, headers: as(token) });

    it('deactivating ends every session at once and stops sign-in; reactivating lets them back', async () => {
      const inspector = await insertUser(ctx.db, { userType: 'inspector' });
      const tokens = [await tokenFor(ctx.app, inspector), await tokenFor(ctx.app, inspector)];
      const response = await setStatus(inspector.id, 'inactive');
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe('Test User deactivated; 2 sessions ended');
      expect(response.json().user.status).toBe('inactive');
      const open = await ctx.db.select().from(sessions).where(eq(sessions.userId, inspector.id));
      expect(open.every((s) => s.revokedAt !== null)).toBe(true);
      for (const token of tokens) {
        expect((await ctx.app.inject({ url: '/api/auth/me', headers: as(token) })).statusCode).toBe(401);
      }
      const refused = await login(ctx.app, inspector.email, inspector.password, '10.52.0.1');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/deactivated/);
      const [event] = await auditFor(inspector.id, 'user.status_change');
      expect(event?.before).toEqual({ status: 'active' });
      expect(event?.after).toEqual({ status: 'inactive', sessionsEnded: 2 });

      expect((await setStatus(inspector.id, 'inactive')).json().message).toMatch(/already inactive/);
      expect((await setStatus(inspector.id, 'active')).json().user.status).toBe('active');
      expect((await login(ctx.app, inspector.email, inspector.password, '10.52.0.2')).statusCode).toBe(200);
    });

    it('validates the status and 404s an unknown user', async () => {
      const bad = await setStatus(admin.id, 'suspended');
      expect(bad.statusCode).toBe(400);
      expect(fieldsOf(bad.json())).toEqual(['status']);
      expect((await setStatus(999_999, 'inactive')).statusCode).toBe(404);
      const badId = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/admin/update-user-status/abc',
        headers: as(adminToken),
        payload: { status: 'inactive' },
      });
      expect(badId.statusCode).toBe(400);
    });

    it('will not let an admin deactivate or delete themselves', async () => {
      const deactivate = await setStatus(admin.id, 'inactive');
      expect(deactivate.statusCode).toBe(409);
      expect(deactivate.json()).toMatchObject({
        code: 'CONFLICT',
        message: 'You cannot deactivate your own account. Ask another administrator.',
      });
      const del = await remove(admin.id);
      expect(del.statusCode).toBe(409);
      expect(del.json().message).toBe('You cannot delete your own account. Ask another administrator.');
      expect((await ctx.app.inject({ url: '/api/auth/me', headers: as(adminToken) })).statusCode).toBe(200);
    });

    it('deletes softly: sessions end, sign-in stops, history stays and the email can be reused', async () => {
      const body = clientBody();
      const client = (await register(body)).json().user;
      const inspector = await insertUser(ctx.db, { userType: 'inspector' });
      const token = await tokenFor(ctx.app, inspector);

      const response = await remove(inspector.id);
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe('Test User deleted');
      expect((await ctx.app.inject({ url: '/api/auth/me', headers: as(token) })).statusCode).toBe(401);
      expect((await login(ctx.app, inspector.email, inspector.password, '10.53.0.1')).statusCode).toBe(401);
      const [row] = await ctx.db.select().from(users).where(eq(users.id, inspector.id));
      expect(row?.deletedAt).not.toBeNull();
      expect((await auditFor(inspector.id, 'user.delete'))[0]?.before).toMatchObject({
        email: inspector.email,
      });

      expect((await remove(inspector.id)).statusCode).toBe(404);
      expect(
        (await ctx.app.inject({ url: `/api/admin/users/${inspector.id}`, headers: as(adminToken) }))
          .statusCode,
      ).toBe(404);
      expect((await list(`search=${encodeURIComponent(inspector.email)}`)).json().pagination.total).toBe(0);

      await remove(client.id);
      const again = await register(body);
      expect(again.statusCode).toBe(201);
      expect(again.json().user.id).not.toBe(client.id);
    });
  });

  describe('transactions', () => {
    it('rolls a status change back, sessions included, when its audit event cannot be written', async () => {
      const inspector = await insertUser(ctx.db, { userType: 'inspector' });
      const token = await tokenFor(ctx.app, inspector);
      const id = Number(inspector.id);
      await ctx.db.execute(
        sql.raw(`create function refuse_audit_${id}() returns trigger language plpgsql as $$
          begin
            if new.action = 'user.status_change' and new.entity_id = '${id}' then
              raise exception 'audit store unavailable';
            end if;
            return new;
          end $$`),
      );
      await ctx.db.execute(
        sql.raw(`create trigger refuse_audit_${id} before insert on audit_events
          for each row execute function refuse_audit_${id}()`),
      );
      try {
        const response = await ctx.app.inject({
          method: 'PATCH',
          url: `/api/admin/update-user-status/${id}`,
          headers: as(adminToken),
          payload: { status: 'inactive' },
        });
        expect(response.statusCode).toBe(500);
        expect(response.body).not.toContain('audit store unavailable');
        const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
        expect(row?.status).toBe('active');
        expect((await ctx.app.inject({ url: '/api/auth/me', headers: as(token) })).statusCode).toBe(200);
      } finally {
        await ctx.db.execute(sql.raw(`drop trigger refuse_audit_${id} on audit_events`));
        await ctx.db.execute(sql.raw(`drop function refuse_audit_${id}()`));
      }
    });
  });

  describe('user detail', () => {
    it('shows active sessions and recent audit events, newest first', async () => {
      const inspector = await insertUser(ctx.db, {
        userType: 'inspector',
        firstName: 'Farhan',
        lastName: 'Qureshi',
      });
      await tokenFor(ctx.app, inspector);
      await ctx.app.inject({
        method: 'PATCH',
        url: `/api/admin/update-user-profile/${inspector.id}`,
        headers: as(adminToken),
        payload: {
          phone: uniquePhone(),
          employeeCode: `INS-${randomBytes(2).toString('hex')}`,
          licenceNumber: 'PV-TN-7710',
        },
      });
      const response = await ctx.app.inject({
        url: `/api/admin/users/${inspector.id}`,
        headers: as(adminToken),
      });
      expect(response.statusCode).toBe(200);
      const detail = response.json();
      expect(detail.user.firstName).toBe('Farhan');
      expect(detail.activeSessions).toBe(1);
      expect(detail.recentEvents.map((e: { action: string }) => e.action)).toEqual([
        'user.update',
        'auth.login',
      ]);
      expect(detail.recentEvents[0].actor).toEqual({ id: admin.id, name: expect.stringContaining('Asha') });
      expect(detail.recentEvents[0].changes.map((c: { field: string }) => c.field).sort()).toEqual([
        'employeeCode',
        'licenceNumber',
        'phone',
      ]);
    });
  });

  describe('profile images', () => {
    async function photo(width = 1200, height = 800) {
      return sharp({ create: { width, height, channels: 3, background: '#1f5fa6' } })
        .jpeg()
        .withExif({ IFD0: { Copyright: 'secret-exif-marker', Artist: 'Camera Owner' } })
        .toBuffer();
    }
    const upload = (url: string, body: ReturnType<typeof multipart>, token = adminToken) =>
      ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...as(token), ...body.headers },
        payload: body.payload,
      });

    it('re-encodes an upload to WebP, at most 512 px, without metadata, served under a random name', async () => {
      const user = (await register(clientBody())).json().user;
      const response = await upload(`/api/admin/users/${user.id}/profile-image`, multipart(await photo()));
      expect(response.statusCode).toBe(200);
      const { profileImage } = response.json().user;
      expect(profileImage).toMatch(/^\/api\/files\/[a-f0-9]{32}\.webp$/);

      const served = await ctx.app.inject({ url: profileImage });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 512, height: 341 });
      expect(meta.exif).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('secret-exif-marker'))).toBe(false);
      expect((await auditFor(user.id, 'user.profile_image'))[0]?.after).toEqual({ profileImage });

      // Replacing it removes the old file.
      const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#ff000080' } })
        .png()
        .toBuffer();
      const replaced = await upload(
        `/api/admin/users/${user.id}/profile-image`,
        multipart(png, 'a.png', 'image/png'),
      );
      expect(replaced.statusCode).toBe(200);
      expect((await ctx.app.inject({ url: profileImage })).statusCode).toBe(404);
      const small = await ctx.app.inject({ url: replaced.json().user.profileImage });
      expect((await sharp(small.rawPayload).metadata()).width).toBe(64);
    });

    it('checks the content, not the name: text, GIF and broken images are refused with 415', async () => {
      const user = (await register(clientBody())).json().user;
      const url = `/api/admin/users/${user.id}/profile-image`;
      const text = await upload(
        url,
        multipart(Buffer.from('<svg onload="alert(1)"></svg>'), 'face.png', 'image/png'),
      );
      expect(text.statusCode).toBe(415);
      expect(text.json()).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        details: [{ field: 'file', message: 'The file is not a JPEG, PNG or WebP image' }],
      });
      const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
        .gif()
        .toBuffer();
      expect((await upload(url, multipart(gif, 'face.jpg', 'image/jpeg'))).statusCode).toBe(415);
      const truncated = (await photo()).subarray(0, 200);
      expect((await upload(url, multipart(truncated))).statusCode).toBe(415);
      const notMultipart = await ctx.app.inject({
        method: 'POST',
        url,
        headers: as(adminToken),
        payload: { file: 'x' },
      });
      expect(notMultipart.statusCode).toBe(415);
      const noFile = multipart(Buffer.from('hello'), 'x', 'text/plain', 'note');
      const withoutFile = await ctx.app.inject({
        method: 'POST',
        url,
        headers: {
          ...as(adminToken),
          'content-type': noFile.headers['content-type'].replace(/boundary=.*/, 'boundary=zz'),
        },
        payload: '--zz--\r\n',
      });
      expect(withoutFile.statusCode).toBe(400);
      expect(fieldsOf(withoutFile.json())).toEqual(['file']);
    });

    it('answers 413 over 5 MiB and accepts a large image under it', async () => {
      const user = (await register(clientBody())).json().user;
      const url = `/api/admin/users/${user.id}/profile-image`;
      const tooBig = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
      tooBig.set([0xff, 0xd8, 0xff], 0);
      const response = await upload(url, multipart(tooBig));
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The image must be at most 5 MB',
      });

      const side = 1250;
      const noisy = await sharp(randomBytes(side * side * 3), {
        raw: { width: side, height: side, channels: 3 },
      })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(noisy.length).toBeGreaterThan(4 * 1024 * 1024);
      expect(noisy.length).toBeLessThan(5 * 1024 * 1024);
      expect((await upload(url, multipart(noisy, 'big.png', 'image/png'))).statusCode).toBe(200);
    });

    it("sets the signed-in user's own image, for inspectors too, and answers their userData", async () => {
      const inspector = await insertUser(ctx.db, { userType: 'inspector', firstName: 'Meera' });
      const token = await tokenFor(ctx.app, inspector);
      const response = await upload('/api/auth/me/profile-image', multipart(await photo(300, 300)), token);
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ id: inspector.id, firstName: 'Meera' });
      expect(response.json().user.profileImage).toMatch(/^\/api\/files\//);
      const me = await ctx.app.inject({ url: '/api/auth/me', headers: as(token) });
      expect(me.json().user.profileImage).toBe(response.json().user.profileImage);

      const removed = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/auth/me/profile-image',
        headers: as(token),
      });
      expect(removed.json().user.profileImage).toBeNull();
      expect(storage.files.has(response.json().user.profileImage.split('/').pop())).toBe(false);
    });

    it('answers 404 for an unknown user and keeps no file', async () => {
      const before = storage.files.size;
      const response = await upload(
        '/api/admin/users/999999/profile-image',
        multipart(await photo(100, 100)),
      );
      expect(response.statusCode).toBe(404);
      expect(storage.files.size).toBe(before);
    });

    it('does not serve names it did not issue', async () => {
      expect((await ctx.app.inject({ url: '/api/files/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(400);
      expect((await ctx.app.inject({ url: `/api/files/${'a'.repeat(32)}.webp` })).statusCode).toBe(404);
    });
  });

  describe('access', () => {
    it('answers 403 to an inspector and 401 to nobody on every admin route', async () => {
      const id = admin.id;
      const routes: Array<[string, string, unknown?]> = [
        ['POST', '/api/admin/register', adminBody()],
        ['GET', '/api/admin/userlist'],
        ['GET', '/api/create/admin'],
        ['GET', `/api/admin/users/${id}`],
        ['PATCH', `/api/admin/update-user-profile/${id}`, { firstName: 'X' }],
        ['PATCH', `/api/admin/update-user-status/${id}`, { status: 'inactive' }],
        ['DELETE', `/api/admin/deleteuser/${id}`],
        ['POST', `/api/admin/users/${id}/invitation`],
        ['POST', `/api/admin/users/${id}/profile-image`],
        ['DELETE', `/api/admin/users/${id}/profile-image`],
      ];
      for (const [method, url, payload] of routes) {
        const asInspector = await ctx.app.inject({
          method: method as 'GET',
          url,
          headers: as(inspectorToken),
          ...(payload ? { payload: payload as object } : {}),
        });
        expect(asInspector.statusCode, `${method} ${url}`).toBe(403);
        const anonymous = await ctx.app.inject({
          method: method as 'GET',
          url,
          ...(payload ? { payload: payload as object } : {}),
        });
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      }
      const [me] = await ctx.db.select().from(users).where(eq(users.id, id));
      expect(me?.status).toBe('active');
      expect(me?.deletedAt).toBeNull();
    });
  });
});

describe('the last active administrator', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  function authOf(user: CreatedUser): AuthContext {
    return {
      userId: user.id,
      userType: 'admin',
      sessionId: 0,
      user: {
        id: user.id,
        userType: 'admin',
        firstName: 'Test',
        lastName: 'User',
        email: user.email,
        phone: null,
        profileImage: null,
      },
    };
  }

  it('cannot be deactivated or deleted, even by an admin whose own account just ended (409)', async () => {
    const a = await insertUser(ctx.db, { userType: 'admin' });
    const b = await insertUser(ctx.db, { userType: 'admin' });
    const tokenA = await tokenFor(ctx.app, a);
    // A deactivates B: fine, A is still an active admin.
    const first = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/update-user-status/${b.id}`,
      headers: { authorization: tokenA },
      payload: { status: 'inactive' },
    });
    expect(first.statusCode).toBe(200);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/update-user-status/${b.id}`,
      headers: { authorization: tokenA },
      payload: { status: 'active' },
    });

    // B's request was already past the access check when A lost their active status (a race):
    // removing A now would leave no active administrator.
    await ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.id, b.id));
    const origin = { ip: '10.60.0.1' };
    const deactivate = ctx.app.services.users.updateStatus(authOf(b), a.id, { status: 'inactive' }, origin);
    await expect(deactivate).rejects.toMatchObject({
      code: 'CONFLICT',
      message:
        'You cannot deactivate the last active administrator: make another administrator active first.',
    });
    await expect(ctx.app.services.users.remove(authOf(b), a.id, origin)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'You cannot delete the last active administrator: make another administrator active first.',
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, a.id));
    expect(row).toMatchObject({ status: 'active', deletedAt: null });
  });
});

describe('email delivery', () => {
  it('sends through the mail server when one is configured, and records failures', async () => {
    const sent: OutgoingEmail[] = [];
    let fail = false;
    const transport: MailTransport = {
      name: 'fake',
      async send(email) {
        if (fail) throw new Error('550 mailbox unavailable');
        sent.push(email);
      },
    };
    const ctx = await createTestApp({
      mailTransport: transport,
      config: { MAIL_FROM: 'Inspecta <ops@inspecta.in>' },
    });
    try {
      const admin = await insertUser(ctx.db, { userType: 'admin' });
      const token = await tokenFor(ctx.app, admin);
      const invite = (email: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/admin/register',
          headers: { authorization: token },
          payload: { userType: 'admin', firstName: 'Nisha', lastName: 'Pillai', email, sendInvitation: true },
        });
      const ok = await invite(uniqueEmail('nisha'));
      expect(ok.json().invitation.delivery).toBe('sent');
      expect(ok.json().message).toMatch(/an invitation was emailed to/);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ from: 'Inspecta <ops@inspecta.in>', to: ok.json().user.email });
      const [row] = await ctx.db
        .select()
        .from(deliveryOutbox)
        .where(eq(deliveryOutbox.recipient, ok.json().user.email));
      expect(row?.status).toBe('sent');
      expect(row?.sentAt).not.toBeNull();

      fail = true;
      const refused = await invite(uniqueEmail('nisha'));
      expect(refused.statusCode).toBe(201);
      expect(refused.json().invitation.delivery).toBe('failed');
      const [failed] = await ctx.db
        .select()
        .from(deliveryOutbox)
        .where(eq(deliveryOutbox.recipient, refused.json().user.email));
      expect(failed).toMatchObject({ status: 'failed', error: '550 mailbox unavailable' });
    } finally {
      await ctx.close();
    }
  });
});

describe('demo users', () => {
  // Seeding the whole demo company takes seconds alone, and more beside another test file.
  it('are a realistic company that passes the same rules as the forms', async () => {
    const ctx = await createTestApp();
    try {
      const config = testConfig({ SEED_DEMO: 'true', ADMIN_PASSWORD: 'Demo-admin-passphrase' });
      await bootstrapDatabase(ctx.db, config, pino({ level: 'silent' }));
      const rows = await ctx.db.select().from(users);
      const byType = (t: string) => rows.filter((r) => r.userType === t);
      expect(byType('admin').length).toBeGreaterThanOrEqual(4);
      expect(byType('inspector').length).toBeGreaterThanOrEqual(15);
      expect(byType('client').length).toBeGreaterThanOrEqual(15);
      expect(rows.some((r) => r.status === 'inactive')).toBe(true);
      for (const row of rows) {
        const parsed = editUserFormSchema.safeParse(row);
        expect(parsed.success, `${row.email}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }
      const token = await tokenFor(ctx.app, {
        id: 1,
        email: 'admin@inspecta.local',
        password: 'Demo-admin-passphrase',
        userType: 'admin',
      });
      const found = await ctx.app.inject({
        url: '/api/admin/userlist?search=kumar&user_type=inspector',
        headers: { authorization: token },
      });
      expect(found.json().users.map((u: { firstName: string }) => u.firstName)).toContain('Rajesh');
    } finally {
      await ctx.close();
    }
  }, 90_000);
});
