import { isEmailNotificationType } from '@inspecta/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/database.js';
import { brandedEmail, type DeliveryService } from '../delivery/index.js';
import { type NotificationRow, NotificationsRepository } from './notifications.repository.js';

export interface NotificationEmailSettings {
  /** Links in e-mails start with this (PUBLIC_URL): a mailbox has no notion of "this site". */
  publicUrl: string;
  productName: string;
}

/** A queued e-mail whose transaction has not been seen committing yet; forgotten after this long. */
const PENDING_TTL_MS = 10 * 60_000;

/**
 * The e-mail channel of notifications (the client's kinds, `emailNotificationTypes`). Runs inside
 * every `notify` transaction (a `NotificationsService.onCreated` hook): it queues one e-mail per
 * notification in the delivery outbox, so the e-mail exists if and only if the change commits.
 * Sending waits for the commit: PostgreSQL announces each notification on the notification bus only
 * once its transaction committed, and this process then dispatches the e-mail it queued for it.
 * Nothing is sent inside the transaction, so a slow or failing mail server never holds or rolls
 * back the inspection, the shipment or the decision (a failure is recorded on the outbox row).
 * Only the process that queued an e-mail sends it (the others do not know the id), so several
 * processes never send it twice.
 */
export class NotificationEmails {
  /** Notification id → its queued outbox message, until the bus says the transaction committed. */
  private readonly pending = new Map<number, { outboxId: number; queuedAt: number }>();
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly delivery: DeliveryService,
    private readonly settings: NotificationEmailSettings,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  /** The `onCreated` hook: queues the e-mails of these new notifications in their transaction. */
  async queue(tx: Executor, rows: readonly NotificationRow[]): Promise<void> {
    const mailed = rows.filter((row) => isEmailNotificationType(row.type));
    if (mailed.length === 0) return;
    this.forgetStale();
    const repo = new NotificationsRepository(tx);
    for (const type of new Set(mailed.map((row) => row.type))) {
      const ofType = mailed.filter((row) => row.type === type);
      const wanted = await repo.emailRecipients(
        ofType.map((row) => row.userId),
        type,
      );
      const byId = new Map(wanted.map((user) => [user.id, user]));
      for (const row of ofType) {
        const user = byId.get(row.userId);
        if (!user) continue;
        const outboxId = await this.delivery.queueEmail(tx, this.compose(row, user));
        this.pending.set(row.id, { outboxId, queuedAt: performance.now() });
      }
    }
  }

  /** Called for every notification the bus announces (after its commit): sends its e-mail, if ours. */
  committed(notificationId: number): void {
    const entry = this.pending.get(notificationId);
    if (!entry) return;
    this.pending.delete(notificationId);
    const sending = this.delivery
      .dispatch(entry.outboxId)
      .catch((error: unknown) =>
        this.log.warn({ err: error, outboxId: entry.outboxId }, 'notification e-mail not dispatched'),
      )
      .finally(() => this.inFlight.delete(sending));
    this.inFlight.add(sending);
  }

  /** Resolves when every e-mail handed to the mail server so far has its outcome (tests). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  /** A rolled-back transaction never announces its notifications: drop what it queued in memory. */
  private forgetStale(): void {
    const oldest = performance.now() - PENDING_TTL_MS;
    for (const [id, entry] of this.pending) if (entry.queuedAt < oldest) this.pending.delete(id);
  }

  private compose(row: NotificationRow, user: { id: number; email: string; firstName: string }) {
    const { publicUrl, productName } = this.settings;
    // Every client kind links to a portal page; the link is a path, the mailbox needs the address.
    const url = row.link ? `${publicUrl.replace(/\/+$/, '')}${row.link}` : null;
    return brandedEmail({
      productName,
      to: user.email,
      subject: row.title,
      greeting: `Hello ${user.firstName},`,
      intro: [row.title.endsWith('.') ? row.title : `${row.title}.`, ...(row.body ? [row.body] : [])],
      ...(url ? { action: { label: 'Open in the client portal', url } } : {}),
      outro: [
        `You receive this e-mail because this notification is on for e-mail in your ${productName} notification settings.`,
      ],
      recipientUserId: user.id,
    });
  }
}
