import type { DeliveryStatus, DeliveryStatusResponse, OutboxQuery, OutboxResponse } from '@inspecta/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../core/clock.js';
import type { Database, Executor } from '../../db/database.js';
import type { OutboxMessageContent } from '../../db/schema.js';
import { DeliveryRepository, type OutboxRow } from './delivery.repository.js';
import type { MailTransport } from './mail-transport.js';
import type { SmsProvider } from './sms-provider.js';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** The user the message is for: the only one who may read its secrets in the outbox. */
  recipientUserId?: number | null;
  /** Codes and tokens in the message: masked wherever anyone but the recipient could read them. */
  secrets?: string[];
}

export interface SmsMessage {
  to: string;
  text: string;
  recipientUserId?: number | null;
  secrets?: string[];
}

/** What stands in for a code or token wherever someone other than its recipient could read it. */
export const MASK = '••••••';

export function maskSecrets<T extends string | null>(text: T, secrets: readonly string[]): T {
  if (text === null) return text;
  let masked: string = text;
  for (const secret of secrets) if (secret) masked = masked.replaceAll(secret, MASK);
  return masked as T;
}

export interface DeliveryResult {
  /** The outbox row that keeps the message. */
  id: number;
  status: DeliveryStatus;
}

export interface DeliveryOptions {
  /** The sender, e.g. `Inspecta <no-reply@example.com>` (MAIL_FROM). */
  from: string;
  /** Null when no mail server is configured: messages stay queued in the outbox. */
  transport: MailTransport | null;
  /** Null when no SMS gateway is configured: SMS stay queued in the outbox. */
  smsProvider?: SmsProvider | null;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/**
 * The one way the server sends messages. Every message is first stored in `delivery_outbox`; with
 * SMTP configured it is then sent and marked `sent` (or `failed` with the reason); without SMTP it
 * stays `queued` and the log says so. SMS and retries plug in here later.
 */
export class DeliveryService {
  private readonly repo: DeliveryRepository;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly options: DeliveryOptions,
  ) {
    this.repo = new DeliveryRepository(db);
  }

  get transportName(): string | null {
    return this.options.transport?.name ?? null;
  }

  /**
   * Stores an email in the outbox with the caller's executor, so it commits or rolls back with the
   * change it belongs to. Call `dispatch(id)` after the commit.
   */
  queueEmail(executor: Executor, message: EmailMessage): Promise<number> {
    return this.queue(executor, 'email', message.to, {
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      recipientUserId: message.recipientUserId ?? null,
      secrets: message.secrets ?? [],
    });
  }

  /** Stores an SMS in the outbox with the caller's executor; call `dispatch(id)` after the commit. */
  queueSms(executor: Executor, message: SmsMessage): Promise<number> {
    return this.queue(executor, 'sms', message.to, {
      subject: null,
      text: message.text,
      html: null,
      recipientUserId: message.recipientUserId ?? null,
      secrets: message.secrets ?? [],
    });
  }

  /**
   * The outbox row keeps what any administrator may read: the subject with its secrets masked, and
   * the masked body only while no transport is configured (the development outbox). The whole
   * message is kept apart, for the transport or for the recipient's own view, and dropped once a
   * transport has taken it.
   */
  private async queue(
    executor: Executor,
    channel: OutboxRow['channel'],
    to: string,
    message: OutboxMessageContent & { recipientUserId: number | null; secrets: string[] },
  ): Promise<number> {
    const { secrets } = message;
    const keepsBody = !this.hasTransport(channel);
    const row = await new DeliveryRepository(executor).insert({
      channel,
      recipient: to,
      recipientUserId: message.recipientUserId,
      subject: maskSecrets(message.subject, secrets),
      body: keepsBody ? maskSecrets(message.text, secrets) : null,
      html: keepsBody ? maskSecrets(message.html, secrets) : null,
      message: { subject: message.subject, text: message.text, html: message.html },
      status: 'queued',
    });
    return row.id;
  }

  private hasTransport(channel: OutboxRow['channel']): boolean {
    return channel === 'sms' ? !!this.options.smsProvider : !!this.options.transport;
  }

  /** Sends a queued message if its channel has a transport; never throws (the outcome is recorded). */
  async dispatch(id: number): Promise<DeliveryStatus> {
    const row = await this.repo.findById(id);
    if (!row) throw new Error(`outbox message ${id} does not exist`);
    if (row.status !== 'queued' || !row.message) return row.status;
    if (row.channel === 'sms') return this.dispatchSms(row.id, row.recipient, row.message.text);
    const transport = this.options.transport;
    if (!transport) {
      this.options.log.info(
        { outboxId: id, channel: row.channel, to: row.recipient, subject: row.subject },
        'No mail server configured (SMTP_URL): the message was kept in the delivery outbox',
      );
      return 'queued';
    }
    try {
      await transport.send({
        from: this.options.from,
        to: row.recipient,
        subject: row.message.subject ?? '',
        text: row.message.text,
        html: row.message.html ?? undefined,
      });
      await this.repo.markSent(id, this.clock.now());
      return 'sent';
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.options.log.warn({ outboxId: id, to: row.recipient, reason }, 'email delivery failed');
      await this.repo.markFailed(id, reason);
      return 'failed';
    }
  }

  private async dispatchSms(id: number, to: string, text: string): Promise<DeliveryStatus> {
    const provider = this.options.smsProvider;
    if (!provider) {
      this.options.log.info(
        { outboxId: id, channel: 'sms', to },
        'No SMS gateway configured: the message was kept in the delivery outbox',
      );
      return 'queued';
    }
    try {
      await provider.send({ to, text });
      await this.repo.markSent(id, this.clock.now());
      return 'sent';
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.options.log.warn({ outboxId: id, to, reason }, 'SMS delivery failed');
      await this.repo.markFailed(id, reason);
      return 'failed';
    }
  }

  /** Stores and sends an email that does not belong to a larger change. */
  async sendEmail(message: EmailMessage): Promise<DeliveryResult> {
    const id = await this.queueEmail(this.db, message);
    return { id, status: await this.dispatch(id) };
  }

  status(): DeliveryStatusResponse {
    return { emailConfigured: this.options.transport !== null, smsConfigured: !!this.options.smsProvider };
  }

  /**
   * The outbox, newest first, for administrators (the development outbox when no SMTP is set). A
   * message's codes and links are shown to its recipient only: another administrator who could read
   * them could reset the recipient's password or sign in as them.
   */
  async listOutbox(
    viewer: { userId: number },
    query: { page: number; limit: number; channel?: OutboxQuery['channel'] },
  ): Promise<OutboxResponse> {
    const { rows, total } = await this.repo.list({
      channel: query.channel,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    return {
      messages: rows.map((row) => {
        const own = row.recipientUserId === viewer.userId && row.message !== null;
        return {
          id: row.id,
          channel: row.channel,
          recipient: row.recipient,
          subject: own ? row.message!.subject : row.subject,
          body: own && row.body !== null ? row.message!.text : row.body,
          masked: !own,
          status: row.status,
          error: row.error,
          createdAt: row.createdAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
        };
      }),
      pagination: { page: query.page, limit: query.limit, total },
    };
  }

  close(): void {
    this.options.transport?.close?.();
  }
}
