import {
  type AcceptInvitationBody,
  type AcceptInvitationResponse,
  type AdminListQuery,
  type InvitationInfo,
  passwordNotEmail,
  type RegisterUserBody,
  type RegisterUserResponse,
  roleFieldIssues,
  type SendInvitationResponse,
  type SessionUser,
  type UpdateUserProfileBody,
  type UpdateUserStatusBody,
  type User,
  type UserDetailResponse,
  type UserExportQuery,
  type UserListQuery,
  type UserListResponse,
  type UserMutationResponse,
  utcDateOf,
} from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import { recordAudit } from '../../core/audit.js';
import type { Clock } from '../../core/clock.js';
import { AppError, isUniqueViolation } from '../../core/errors.js';
import { keysetBatches, type PreparedExport, recordExport } from '../../core/tabular-export.js';
import type { Database, Executor } from '../../db/database.js';
import { AuthRepository } from '../auth/auth.repository.js';
import { hashPassword } from '../auth/password-hasher.js';
import { hashSessionToken } from '../auth/session-token.js';
import type { DeliveryService } from '../delivery/delivery.service.js';
import { type FileStorage, generateFileName } from '../files/file-storage.js';
import { fileNameFromUrl, fileUrl } from '../files/file-urls.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { dispatchInvitation, type IssuedInvitation, issueInvitation } from './invitations.js';
import { processProfileImage } from './profile-image.js';
import { toAuditEvent, toUser } from './user-mapper.js';
import { type NewUserRow, type UserRecord, type UserRow, UsersRepository } from './users.repository.js';

export interface UsersSettings {
  /** Links in emails start with this (PUBLIC_URL). */
  publicUrl: string;
  productName: string;
}

export interface RequestOrigin {
  ip: string;
}

const RECENT_EVENTS = 12;

const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'company',
  'employeeCode',
  'licenceNumber',
] as const;

/** Only the fields that belong to the role are kept (a company is a client's, a licence an inspector's). */
function roleScopedFields(
  userType: UserRow['userType'],
  values: { company?: string | null; employeeCode?: string | null; licenceNumber?: string | null },
) {
  return {
    company: userType === 'client' ? (values.company ?? null) : null,
    employeeCode: userType === 'inspector' ? (values.employeeCode ?? null) : null,
    licenceNumber: userType === 'inspector' ? (values.licenceNumber ?? null) : null,
  };
}

/** Uniqueness failures from the database, as 409s that name the field. */
function mapUniqueViolation(error: unknown): never {
  if (isUniqueViolation(error, 'users_email_live_unique')) {
    throw AppError.conflict('email', 'A user with this email already exists');
  }
  if (isUniqueViolation(error, 'users_phone_live_unique')) {
    throw AppError.conflict('phone', 'A user with this phone number already exists');
  }
  if (isUniqueViolation(error, 'users_employee_code_live_unique')) {
    throw AppError.conflict('employeeCode', 'Another inspector already has this employee code');
  }
  throw error;
}

function fullName(user: Pick<UserRow, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** The row without what an audit trail should not repeat on every event. */
function snapshot(user: UserRow) {
  const { passwordHash, createdAt, updatedAt, ...rest } = user;
  return { ...rest, hasPassword: passwordHash !== null };
}

const userNotFound = () => AppError.notFound('User');

/**
 * User management: admins, inspectors and clients. Every change runs in one transaction with its
 * audit event; deactivating or deleting a user ends their sessions in that same transaction.
 */
export class UsersService {
  private readonly repo: UsersRepository;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly delivery: DeliveryService,
    private readonly storage: FileStorage,
    private readonly notifications: NotificationsService,
    private readonly settings: UsersSettings,
  ) {
    this.repo = new UsersRepository(db);
  }

  // Reading -------------------------------------------------------------------------------------

  async list(query: UserListQuery): Promise<UserListResponse> {
    const userType = query.user_type && query.user_type !== 'all' ? query.user_type : undefined;
    const { rows, total } = await this.repo.list({
      userType,
      status: query.status,
      search: query.search,
      sort: query.sort,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    return { users: rows.map(toUser), pagination: { page: query.page, limit: query.limit, total } };
  }

  /**
   * Starts an export of the filtered list (docs/exports.md): counts it, audits `user.exported` with
   * the filters, and answers the users in keyset batches by id, fetched as the download is written.
   */
  async startExport(
    auth: AuthContext,
    { format, ...filters }: UserExportQuery,
    ip: string,
  ): Promise<PreparedExport<UserRecord>> {
    const filter = {
      userType: filters.user_type && filters.user_type !== 'all' ? filters.user_type : undefined,
      status: filters.status,
      search: filters.search,
    };
    const rowCount = await this.repo.count(filter);
    await recordExport(this.db, {
      actorId: auth.userId,
      ipAddress: ip,
      entityType: 'user',
      format,
      filters,
      rowCount,
    });
    return {
      rowCount,
      date: utcDateOf(this.clock.now()),
      batches: keysetBatches(
        (afterId, size) => this.repo.batchAfter(filter, afterId, size),
        (user) => user.id,
      ),
    };
  }

  listAdmins(query: AdminListQuery): Promise<UserListResponse> {
    return this.list({ ...query, user_type: 'admin' });
  }

  async detail(id: number): Promise<UserDetailResponse> {
    const record = await this.repo.findLiveById(id);
    if (!record) throw userNotFound();
    const [activeSessions, events] = await Promise.all([
      new AuthRepository(this.db).countActiveSessionsOfUser(id, this.clock.now()),
      this.repo.recentAuditEvents(id, RECENT_EVENTS),
    ]);
    return { user: toUser(record), activeSessions, recentEvents: events.map(toAuditEvent) };
  }

  private async answerFor(id: number, executor: Executor = this.db): Promise<User> {
    const record = await new UsersRepository(executor).findLiveById(id);
    if (!record) throw userNotFound();
    return toUser(record);
  }

  // Creating ------------------------------------------------------------------------------------

  async register(
    auth: AuthContext,
    body: RegisterUserBody,
    origin: RequestOrigin,
  ): Promise<RegisterUserResponse> {
    const now = this.clock.now();
    const passwordHash = body.sendInvitation || !body.password ? null : await hashPassword(body.password);
    const values: NewUserRow = {
      userType: body.userType,
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      phone: body.phone,
      ...roleScopedFields(body.userType, body),
      passwordHash,
      status: 'active',
      createdAt: now,
      updatedAt: now,
    };

    let created: { user: UserRow; issued: IssuedInvitation | null };
    try {
      created = await this.db.transaction(async (tx) => {
        const repo = new UsersRepository(tx);
        const user = await repo.insert(values);
        await recordAudit(tx, {
          actorId: auth.userId,
          action: 'user.create',
          entityType: 'user',
          entityId: user.id,
          after: snapshot(user),
          ipAddress: origin.ip,
        });
        const issued = body.sendInvitation ? await this.issue(tx, user, auth, now, origin) : null;
        const kind = { admin: 'administrator', inspector: 'inspector', client: 'client' }[user.userType];
        await this.notifications.notify(tx, {
          recipients: await this.notifications.adminRecipients(tx, [auth.userId, user.id]),
          type: 'user.registered',
          title: `New ${kind}: ${fullName(user)}`,
          body: `${auth.user.firstName} ${auth.user.lastName}`.trim()
            ? `${`${auth.user.firstName} ${auth.user.lastName}`.trim()} registered ${user.email}.`
            : `${user.email} was registered.`,
          link: `/dashboard/user-management?user=${user.id}`,
        });
        return { user, issued };
      });
    } catch (error) {
      mapUniqueViolation(error);
    }

    const { user, issued } = created;
    const invitation = issued ? await dispatchInvitation(this.delivery, issued) : null;
    const label = { admin: 'Administrator', inspector: 'Inspector', client: 'Client' }[user.userType];
    return {
      message: invitation
        ? `${label} ${fullName(user)} created; ${invitationSentence(invitation.delivery, user.email)}`
        : `${label} ${fullName(user)} created`,
      user: await this.answerFor(user.id),
      invitation,
    };
  }

  private async issue(
    tx: Executor,
    user: UserRow,
    auth: AuthContext,
    now: Date,
    origin: RequestOrigin,
  ): Promise<IssuedInvitation> {
    const issued = await issueInvitation(tx, this.delivery, {
      user,
      actorId: auth.userId,
      inviterName: `${auth.user.firstName} ${auth.user.lastName}`.trim(),
      now,
      publicUrl: this.settings.publicUrl,
      productName: this.settings.productName,
    });
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'user.invitation_sent',
      entityType: 'user',
      entityId: user.id,
      after: { email: user.email, expiresAt: issued.expiresAt },
      ipAddress: origin.ip,
    });
    return issued;
  }

  // Changing ------------------------------------------------------------------------------------

  async updateProfile(
    auth: AuthContext,
    id: number,
    patch: UpdateUserProfileBody,
    origin: RequestOrigin,
  ): Promise<UserMutationResponse> {
    const now = this.clock.now();
    let changedAny = false;
    try {
      await this.db.transaction(async (tx) => {
        const repo = new UsersRepository(tx);
        const current = await repo.lockLiveById(id);
        if (!current) throw userNotFound();
        const merged = { ...current, ...patch };
        const issues = roleFieldIssues(merged);
        if (issues.length) throw AppError.validation(issues);

        const next: Partial<NewUserRow> = {};
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        const scoped = roleScopedFields(current.userType, merged);
        const wanted = { ...merged, ...scoped };
        for (const field of PROFILE_FIELDS) {
          if (patch[field] === undefined && !(field in scoped)) continue;
          const value = wanted[field] ?? null;
          if (value === (current[field] ?? null)) continue;
          next[field] = value as never;
          before[field] = current[field];
          after[field] = value;
        }
        if (Object.keys(next).length === 0) return;
        changedAny = true;
        await repo.update(id, { ...next, updatedAt: now });
        await recordAudit(tx, {
          actorId: auth.userId,
          action: 'user.update',
          entityType: 'user',
          entityId: id,
          before,
          after,
          ipAddress: origin.ip,
        });
      });
    } catch (error) {
      mapUniqueViolation(error);
    }
    const user = await this.answerFor(id);
    return { message: changedAny ? `${fullName(user)} updated` : 'Nothing changed', user };
  }

  async updateStatus(
    auth: AuthContext,
    id: number,
    body: UpdateUserStatusBody,
    origin: RequestOrigin,
  ): Promise<UserMutationResponse> {
    if (id === auth.userId && body.status === 'inactive') {
      throw new AppError('CONFLICT', 'You cannot deactivate your own account. Ask another administrator.');
    }
    const now = this.clock.now();
    let message = '';
    await this.db.transaction(async (tx) => {
      const repo = new UsersRepository(tx);
      const current = await repo.lockLiveById(id);
      if (!current) throw userNotFound();
      if (current.status === body.status) {
        message = `${fullName(current)} is already ${body.status}`;
        return;
      }
      if (body.status === 'inactive') await this.keepOneActiveAdmin(repo, current, 'deactivate');
      await repo.update(id, { status: body.status, updatedAt: now });
      let sessionsEnded = 0;
      if (body.status === 'inactive') {
        sessionsEnded = await new AuthRepository(tx).revokeAllSessionsOfUser(id, now);
        await repo.revokeOpenInvitations(id, now);
      }
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'user.status_change',
        entityType: 'user',
        entityId: id,
        before: { status: current.status },
        after: { status: body.status, ...(sessionsEnded ? { sessionsEnded } : {}) },
        ipAddress: origin.ip,
      });
      message =
        body.status === 'inactive'
          ? `${fullName(current)} deactivated${sessionsEnded ? `; ${sessionsEnded} session${sessionsEnded === 1 ? '' : 's'} ended` : ''}`
          : `${fullName(current)} reactivated`;
    });
    return { message, user: await this.answerFor(id) };
  }

  async remove(auth: AuthContext, id: number, origin: RequestOrigin): Promise<{ message: string }> {
    if (id === auth.userId) {
      throw new AppError('CONFLICT', 'You cannot delete your own account. Ask another administrator.');
    }
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const repo = new UsersRepository(tx);
      const current = await repo.lockLiveById(id);
      if (!current) throw userNotFound();
      if (current.status === 'active') await this.keepOneActiveAdmin(repo, current, 'delete');
      await repo.update(id, { deletedAt: now, updatedAt: now });
      const sessionsEnded = await new AuthRepository(tx).revokeAllSessionsOfUser(id, now);
      await repo.revokeOpenInvitations(id, now);
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'user.delete',
        entityType: 'user',
        entityId: id,
        before: snapshot(current),
        after: { deletedAt: now, ...(sessionsEnded ? { sessionsEnded } : {}) },
        ipAddress: origin.ip,
      });
      return { message: `${fullName(current)} deleted` };
    });
  }

  /** Refuses to leave the company without an active administrator (409). */
  private async keepOneActiveAdmin(repo: UsersRepository, target: UserRow, verb: 'deactivate' | 'delete') {
    if (target.userType !== 'admin') return;
    const others = await repo.countOtherActiveAdminsLocked(target.id);
    if (others === 0) {
      throw new AppError(
        'CONFLICT',
        `You cannot ${verb} the last active administrator: make another administrator active first.`,
      );
    }
  }

  // Invitations ---------------------------------------------------------------------------------

  async sendInvitation(
    auth: AuthContext,
    id: number,
    origin: RequestOrigin,
  ): Promise<SendInvitationResponse> {
    const now = this.clock.now();
    const issued = await this.db.transaction(async (tx) => {
      const current = await new UsersRepository(tx).lockLiveById(id);
      if (!current) throw userNotFound();
      if (current.passwordHash) {
        throw new AppError(
          'CONFLICT',
          `${fullName(current)} has already chosen a password. They can use "Forgot password" to reset it.`,
        );
      }
      if (current.status !== 'active') {
        throw new AppError('CONFLICT', `${fullName(current)} is deactivated: reactivate the account first.`);
      }
      return { user: current, issued: await this.issue(tx, current, auth, now, origin) };
    });
    const invitation = await dispatchInvitation(this.delivery, issued.issued);
    const sentence = invitationSentence(invitation.delivery, issued.user.email);
    return { message: `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}`, invitation };
  }

  private async findOpenInvitation(token: string, executor: Executor, lock = false) {
    const found = await new UsersRepository(executor).findInvitationByTokenHash(hashSessionToken(token), {
      lock,
    });
    const invalid = () =>
      new AppError(
        'NOT_FOUND',
        'This invitation link is not valid any more. Ask an administrator for a new one.',
      );
    if (!found) throw invalidInvitation();
    const { invitation, user } = found;
    if (invitation.acceptedAt) {
      throw new AppError(
        'NOT_FOUND',
        'This invitation was already used. Sign in with the password you chose.',
      );
    }
    if (invitation.revokedAt || user.deletedAt || user.status !== 'active') throw invalid();
    if (invitation.expiresAt <= this.clock.now()) {
      throw new AppError('NOT_FOUND', 'This invitation has expired. Ask an administrator to send a new one.');
    }
    return found;
  }

  async invitationInfo(token: string): Promise<InvitationInfo> {
    const { invitation, user } = await this.findOpenInvitation(token, this.db);
    return {
      firstName: user.firstName,
      email: user.email,
      userType: user.userType,
      expiresAt: invitation.expiresAt.toISOString(),
    };
  }

  async acceptInvitation(
    body: AcceptInvitationBody,
    origin: RequestOrigin,
  ): Promise<AcceptInvitationResponse> {
    const { user } = await this.findOpenInvitation(body.token, this.db);
    if (!passwordNotEmail({ email: user.email, password: body.password })) {
      throw AppError.validation([{ field: 'password', message: 'The password must not be your email' }]);
    }
    const passwordHash = await hashPassword(body.password);
    const now = this.clock.now();
    const accepted = await this.db.transaction(async (tx) => {
      // Checked again under a lock: two tabs accepting at once cannot both succeed.
      const { invitation, user: locked } = await this.findOpenInvitation(body.token, tx, true);
      const repo = new UsersRepository(tx);
      await repo.update(locked.id, { passwordHash, updatedAt: now });
      await repo.markInvitationAccepted(invitation.id, now);
      await repo.revokeOpenInvitations(locked.id, now, invitation.id);
      await recordAudit(tx, {
        actorId: locked.id,
        action: 'user.invitation_accepted',
        entityType: 'user',
        entityId: locked.id,
        after: { hasPassword: true },
        ipAddress: origin.ip,
      });
      return locked;
    });
    return { message: 'Your password is set', userType: accepted.userType };
  }

  // Profile images ------------------------------------------------------------------------------

  /** Decodes, checks and re-encodes the upload, stores it, and points the user at it. */
  async setProfileImage(
    auth: AuthContext,
    id: number,
    upload: Buffer,
    origin: RequestOrigin,
  ): Promise<{ user: User; sessionUser: SessionUser }> {
    const encoded = await processProfileImage(upload);
    const name = generateFileName('webp');
    await this.storage.save(name, encoded);
    let previous: string | null = null;
    try {
      await this.db.transaction(async (tx) => {
        const repo = new UsersRepository(tx);
        const current = await repo.lockLiveById(id);
        if (!current) throw userNotFound();
        previous = current.profileImage;
        await repo.update(id, { profileImage: fileUrl(name), updatedAt: this.clock.now() });
        await recordAudit(tx, {
          actorId: auth.userId,
          action: 'user.profile_image',
          entityType: 'user',
          entityId: id,
          before: { profileImage: current.profileImage },
          after: { profileImage: fileUrl(name) },
          ipAddress: origin.ip,
        });
      });
    } catch (error) {
      await this.storage.remove(name).catch(() => {});
      throw error;
    }
    await this.removeStoredImage(previous);
    const user = await this.answerFor(id);
    return { user, sessionUser: sessionUserOf(user) };
  }

  async clearProfileImage(
    auth: AuthContext,
    id: number,
    origin: RequestOrigin,
  ): Promise<{ user: User; sessionUser: SessionUser }> {
    let previous: string | null = null;
    await this.db.transaction(async (tx) => {
      const repo = new UsersRepository(tx);
      const current = await repo.lockLiveById(id);
      if (!current) throw userNotFound();
      previous = current.profileImage;
      if (!current.profileImage) return;
      await repo.update(id, { profileImage: null, updatedAt: this.clock.now() });
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'user.profile_image',
        entityType: 'user',
        entityId: id,
        before: { profileImage: current.profileImage },
        after: { profileImage: null },
        ipAddress: origin.ip,
      });
    });
    await this.removeStoredImage(previous);
    const user = await this.answerFor(id);
    return { user, sessionUser: sessionUserOf(user) };
  }

  private async removeStoredImage(url: string | null): Promise<void> {
    const name = fileNameFromUrl(url);
    if (name) await this.storage.remove(name).catch(() => {});
  }
}

function invalidInvitation() {
  return new AppError('NOT_FOUND', 'This invitation link is not valid. Ask an administrator for a new one.');
}

function invitationSentence(delivery: 'sent' | 'queued' | 'failed', email: string): string {
  if (delivery === 'sent') return `an invitation was emailed to ${email}`;
  if (delivery === 'failed')
    return `the invitation email to ${email} could not be sent; copy the link instead`;
  return `no mail server is configured, so the invitation was kept in the outbox; copy the link to pass it on`;
}

function sessionUserOf(user: User): SessionUser {
  const { id, userType, firstName, lastName, email, phone, profileImage } = user;
  return { id, userType, firstName, lastName, email, phone, profileImage };
}
