import { randomBytes } from 'node:crypto';
import type {
  MarkAllNotificationsReadResponse,
  Notification,
  NotificationListResponse,
  NotificationMutationResponse,
  NotificationStreamTicketResponse,
  NotificationType,
  PaginationQuery,
} from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import { recordAudit } from '../../core/audit.js';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import type { RequestOrigin } from '../../core/request-origin.js';
import { hashSessionToken } from '../../core/security/session-token.js';
import type { Database, Executor } from '../../db/database.js';
import { NOTIFICATION_CHANNEL } from './notification-bus.js';
import { type NotificationRow, NotificationsRepository } from './notifications.repository.js';

export type { NotificationRow };

export interface NewNotification {
  userId: number;
  type: string;
  title: string;
  body?: string;
  link?: string | null;
}

/** What a module hands to `notify`: the same message for every recipient. */
export interface NotificationMessage {
  /** User ids; duplicates and deleted users are dropped. */
  recipients: readonly number[];
  type: NotificationType;
  title: string;
  body?: string;
  /** A client path such as `/dashboard/user-management?userId=12`, or null. */
  link?: string | null;
}

/** A stream ticket lives one minute: the client asks for one right before opening the stream. */
const STREAM_TICKET_TTL_MS = 60_000;

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

const notificationNotFound = () => AppError.notFound('Notification');

/** Work another module adds to the transaction that creates notifications (web push queues its sends). */
export type NotificationsCreatedHook = (tx: Executor, rows: readonly NotificationRow[]) => Promise<unknown>;

export class NotificationsService {
  private readonly repo: NotificationsRepository;
  private readonly createdHooks: NotificationsCreatedHook[] = [];

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {
    this.repo = new NotificationsRepository(db);
  }

  /** Runs `hook` inside every `notify` transaction, after the notifications are inserted. */
  onCreated(hook: NotificationsCreatedHook): void {
    this.createdHooks.push(hook);
  }

  /**
   * Creates one notification per recipient inside the caller's transaction and announces each on
   * the notification channel; PostgreSQL delivers the announcement only when the transaction
   * commits, so a rolled-back change never reaches a screen. The one entry point for every module.
   */
  async notify(tx: Executor, message: NotificationMessage): Promise<Notification[]> {
    const repo = new NotificationsRepository(tx);
    const live = await repo.liveUserIds([...new Set(message.recipients)]);
    const optedOut = new Set(await repo.optedOutInApp(live, message.type));
    const recipients = live.filter((id) => !optedOut.has(id));
    const rows = await repo.insertMany(
      recipients.map((userId) => ({
        userId,
        type: message.type,
        title: message.title,
        body: message.body ?? '',
        link: message.link ?? null,
        createdAt: this.clock.now(),
      })),
    );
    for (const hook of this.createdHooks) await hook(tx, rows);
    for (const row of rows) {
      await repo.publish(NOTIFICATION_CHANNEL, JSON.stringify({ id: row.id, userId: row.userId }));
    }
    return rows.map(toNotification);
  }

  /** Active administrators, without the ones given (who caused the event, or who it is about). */
  async adminRecipients(tx: Executor, except: readonly number[] = []): Promise<number[]> {
    const ids = await new NotificationsRepository(tx).activeAdminIds();
    return ids.filter((id) => !except.includes(id));
  }

  /** One notification for one user, in its own transaction (tests and scripts). */
  async create(notification: NewNotification): Promise<Notification> {
    const [created] = await this.db.transaction((tx) =>
      this.notify(tx, {
        recipients: [notification.userId],
        type: notification.type as NotificationType,
        title: notification.title,
        body: notification.body ?? '',
        link: notification.link ?? null,
      }),
    );
    if (!created) throw AppError.notFound('User');
    return created;
  }

  /** The caller's own notifications only, newest first (SPEC.md 3). */
  async listOwn(auth: AuthContext, query: PaginationQuery): Promise<NotificationListResponse> {
    const [rows, counts] = await Promise.all([
      this.repo.listForUser(auth.userId, (query.page - 1) * query.limit, query.limit),
      this.repo.countForUser(auth.userId),
    ]);
    return {
      notifications: rows.map(toNotification),
      unread: counts.unread,
      pagination: { page: query.page, limit: query.limit, total: counts.total },
    };
  }

  /** The notification with this id when it belongs to this user (the stream sends it). */
  async findForUser(id: number, userId: number): Promise<Notification | null> {
    const row = await this.repo.findById(id);
    return row && row.userId === userId ? toNotification(row) : null;
  }

  async markRead(
    auth: AuthContext,
    id: number,
    origin: RequestOrigin,
  ): Promise<NotificationMutationResponse> {
    const row = await this.db.transaction(async (tx) => {
      const repo = new NotificationsRepository(tx);
      const before = await repo.findOwn(auth.userId, id, true);
      if (!before) throw notificationNotFound();
      if (before.readAt) return before;
      const after = await repo.markRead(id, this.clock.now());
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'notification.read',
        entityType: 'notification',
        entityId: id,
        before: { readAt: null },
        after: { readAt: after.readAt },
        ipAddress: origin.ip,
      });
      return after;
    });
    return { message: 'Notification marked as read', notification: toNotification(row) };
  }

  async markAllRead(auth: AuthContext, origin: RequestOrigin): Promise<MarkAllNotificationsReadResponse> {
    const ids = await this.db.transaction(async (tx) => {
      const updated = await new NotificationsRepository(tx).markAllRead(auth.userId, this.clock.now());
      if (updated.length > 0) {
        await recordAudit(tx, {
          actorId: auth.userId,
          action: 'notification.read_all',
          entityType: 'notification',
          entityId: null,
          after: { ids: updated },
          ipAddress: origin.ip,
        });
      }
      return updated;
    });
    return {
      message:
        ids.length === 0
          ? 'All notifications were already read'
          : `${ids.length} notification${ids.length === 1 ? '' : 's'} marked as read`,
      updated: ids.length,
    };
  }

  async remove(auth: AuthContext, id: number, origin: RequestOrigin): Promise<{ message: string }> {
    await this.db.transaction(async (tx) => {
      const repo = new NotificationsRepository(tx);
      const before = await repo.findOwn(auth.userId, id, true);
      if (!before) throw notificationNotFound();
      await repo.delete(id);
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'notification.delete',
        entityType: 'notification',
        entityId: id,
        before: toNotification(before),
        ipAddress: origin.ip,
      });
    });
    return { message: 'Notification deleted' };
  }

  // The realtime stream -----------------------------------------------------------------------

  /** A single-use ticket for this session's stream (EventSource cannot send the token header). */
  async issueStreamTicket(auth: AuthContext): Promise<NotificationStreamTicketResponse> {
    const now = this.clock.now();
    const ticket = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + STREAM_TICKET_TTL_MS);
    await this.repo.deleteExpiredTickets(now);
    await this.repo.insertTicket({
      ticketHash: hashSessionToken(ticket),
      sessionId: auth.sessionId,
      expiresAt,
    });
    return { ticket, expiresAt: expiresAt.toISOString() };
  }

  /** Spends a ticket; answers whose stream it opens, or 401 when it is unknown, used or expired. */
  async openStream(ticket: string): Promise<{ userId: number; sessionId: number }> {
    const now = this.clock.now();
    const spent = await this.repo.consumeTicket(hashSessionToken(ticket), now);
    const owner = spent ? await this.repo.liveSessionUser(spent.sessionId, now) : undefined;
    if (!spent || !owner) throw AppError.unauthenticated('The stream ticket is not valid; ask for a new one');
    return { userId: owner.userId, sessionId: spent.sessionId };
  }

  /** False once the session behind a stream was signed out, revoked or expired. */
  async sessionAlive(sessionId: number): Promise<boolean> {
    return (await this.repo.liveSessionUser(sessionId, this.clock.now())) !== undefined;
  }
}
