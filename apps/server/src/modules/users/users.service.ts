import {
  type AdminListQuery,
  type BulkResult,
  type RegisterUserBody,
  type RegisterUserResponse,
  roleFieldIssues,
  type SessionUser,
  type UpdateUserProfileBody,
  type UpdateUserStatusBody,
  type User,
  type UserBulkBody,
  type UserDetailResponse,
  type UserExportQuery,
  type UserListQuery,
  type UserListResponse,
  type UserMutationResponse,
  utcDateOf,
} from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import { recordAudit } from '../../core/audit.js';
import { runBulk } from '../../core/bulk.js';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { type FileStorage, generateFileName } from '../../core/files/file-storage.js';
import { fileNameFromUrl, fileUrl } from '../../core/files/file-urls.js';
import { processProfileImage } from '../../core/files/image-processing.js';
import { paginationOf } from '../../core/paging.js';
import type { RequestOrigin } from '../../core/request-origin.js';
import { hashPassword } from '../../core/security/password-hasher.js';
import { keysetBatches, type PreparedExport, recordExport } from '../../core/tabular-export.js';
import { withFields } from '../../core/with-fields.js';
import type { Database, Executor } from '../../db/database.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { userSessions } from '../auth/index.js';
import type { NotificationsService } from '../notifications/index.js';
import { type InvitationsService, type IssuedInvitation, invitationSentence } from './invitations.service.js';
import { fullName, toAuditEvent, toUser } from './user-mapper.js';
import { type NewUserRow, type UserRecord, type UserRow, UsersRepository } from './users.repository.js';

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

/** The row without what an audit trail should not repeat on every event. */
function snapshot(user: UserRow) {
  const { passwordHash, createdAt, updatedAt, ...rest } = user;
  return withFields(rest, { hasPassword: passwordHash !== null });
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
    private readonly invitations: InvitationsService,
    private readonly storage: FileStorage,
    private readonly notifications: NotificationsService,
  ) {
    this.repo = new UsersRepository(db);
  }

  // Reading -------------------------------------------------------------------------------------

  async list(query: UserListQuery): Promise<UserListResponse> {
    const userType = query.user_type && query.user_type !== 'all' ? query.user_type : undefined;
    const { rows, total, capped } = await this.repo.list({
      userType,
      status: query.status,
      search: query.search,
      sort: query.sort,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    return {
      users: rows.map(toUser),
      pagination: paginationOf(query, total, capped),
    };
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
      ids: filters.ids,
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
    return this.list(withFields(query, { user_type: 'admin' } as const));
  }

  async detail(id: number): Promise<UserDetailResponse> {
    const record = await this.repo.findLiveById(id);
    if (!record) throw userNotFound();
    const [activeSessions, events] = await Promise.all([
      userSessions.countActive(this.db, id, this.clock.now()),
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
        const issued = body.sendInvitation ? await this.invitations.issue(tx, user, auth, now, origin) : null;
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
    const invitation = issued ? await this.invitations.dispatch(issued) : null;
    const label = { admin: 'Administrator', inspector: 'Inspector', client: 'Client' }[user.userType];
    return {
      message: invitation
        ? `${label} ${fullName(user)} created; ${invitationSentence(invitation.delivery, user.email)}`
        : `${label} ${fullName(user)} created`,
      user: await this.answerFor(user.id),
      invitation,
    };
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
        const merged = withFields(current, patch);
        const issues = roleFieldIssues(merged);
        if (issues.length) throw AppError.validation(issues);

        const next: Partial<NewUserRow> = {};
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        const scoped = roleScopedFields(current.userType, merged);
        const wanted = withFields(merged, scoped);
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
        await repo.update(id, withFields(next, { updatedAt: now }));
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
    const { message } = await this.db.transaction((tx) =>
      this.setStatusIn(tx, auth, id, body.status, origin),
    );
    return { message, user: await this.answerFor(id) };
  }

  /**
   * Activates or deactivates users all or nothing (POST /admin/userlist/bulk), each by the rules of
   * `updateStatus`: not yourself, never the last active administrator (deactivating several admins
   * at once keeps the last one, which is then refused and nothing changes).
   */
  bulkStatus(auth: AuthContext, body: UserBulkBody, origin: RequestOrigin): Promise<BulkResult> {
    const status = body.action === 'deactivate' ? 'inactive' : 'active';
    return runBulk(
      this.db,
      body.ids,
      {
        one: 'user',
        many: 'users',
        done: status === 'inactive' ? 'deactivated' : 'reactivated',
        already: `already ${status}`,
      },
      async (tx, id) => {
        const result = await this.setStatusIn(tx, auth, id, status, origin);
        return result.changed ? { changed: true } : { changed: false, reason: result.message };
      },
    );
  }

  /** One user's status change on the caller's transaction, with its audit event and ended sessions. */
  private async setStatusIn(
    tx: Executor,
    auth: AuthContext,
    id: number,
    status: UpdateUserStatusBody['status'],
    origin: RequestOrigin,
  ): Promise<{ changed: boolean; message: string }> {
    if (id === auth.userId && status === 'inactive') {
      throw new AppError('CONFLICT', 'You cannot deactivate your own account. Ask another administrator.');
    }
    const now = this.clock.now();
    const repo = new UsersRepository(tx);
    const current = await repo.lockLiveById(id);
    if (!current) throw userNotFound();
    if (current.status === status) {
      return { changed: false, message: `${fullName(current)} is already ${status}` };
    }
    if (status === 'inactive') await this.keepOneActiveAdmin(repo, current, 'deactivate');
    await repo.update(id, { status, updatedAt: now });
    let sessionsEnded = 0;
    if (status === 'inactive') {
      sessionsEnded = await userSessions.revokeAll(tx, id, now);
      await repo.revokeOpenInvitations(id, now);
    }
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'user.status_change',
      entityType: 'user',
      entityId: id,
      before: { status: current.status },
      after: { status, ...(sessionsEnded ? { sessionsEnded } : {}) },
      ipAddress: origin.ip,
    });
    return {
      changed: true,
      message:
        status === 'inactive'
          ? `${fullName(current)} deactivated${sessionsEnded ? `; ${sessionsEnded} session${sessionsEnded === 1 ? '' : 's'} ended` : ''}`
          : `${fullName(current)} reactivated`,
    };
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
      const sessionsEnded = await userSessions.revokeAll(tx, id, now);
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

  // Profile images ------------------------------------------------------------------------------

  /** Decodes, checks and re-encodes the upload, stores it, and points the user at it. */
  async setProfileImage(
    auth: AuthContext,
    id: number,
    upload: Buffer,
    origin: RequestOrigin,
  ): Promise<{ message: string; user: User; sessionUser: SessionUser }> {
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
    return { message: 'Profile image updated', user, sessionUser: sessionUserOf(user) };
  }

  async clearProfileImage(
    auth: AuthContext,
    id: number,
    origin: RequestOrigin,
  ): Promise<{ message: string; user: User; sessionUser: SessionUser }> {
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
    return { message: 'Profile image removed', user, sessionUser: sessionUserOf(user) };
  }

  private async removeStoredImage(url: string | null): Promise<void> {
    const name = fileNameFromUrl(url);
    if (name) await this.storage.remove(name).catch(() => {});
  }
}

function sessionUserOf(user: User): SessionUser {
  const { id, userType, firstName, lastName, email, phone, profileImage } = user;
  return { id, userType, firstName, lastName, email, phone, profileImage };
}
