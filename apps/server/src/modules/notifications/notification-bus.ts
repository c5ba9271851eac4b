import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { DatabaseHandle } from '../../db/database.js';

/** The PostgreSQL channel every server process listens on; the payload is `{ id, userId }`. */
export const NOTIFICATION_CHANNEL = 'inspecta_notifications';

export interface NotificationSignal {
  id: number;
  userId: number;
}

/** `{ id, userId }`: a new notification; `{ sessionsEndedFor }`: some sessions of that user ended. */
export type BusSignal =
  | ({ kind: 'notification' } & NotificationSignal)
  | { kind: 'sessions'; userId: number };

export function parseSignal(payload: string | undefined): BusSignal | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as Partial<NotificationSignal> & { sessionsEndedFor?: number };
    if (Number.isInteger(value.id) && Number.isInteger(value.userId)) {
      return { kind: 'notification', id: value.id as number, userId: value.userId as number };
    }
    if (Number.isInteger(value.sessionsEndedFor)) {
      return { kind: 'sessions', userId: value.sessionsEndedFor as number };
    }
  } catch {
    // A foreign payload on our channel is ignored.
  }
  return null;
}

/**
 * Fans new notifications out to the streams of this process. Notifications are announced with
 * `pg_notify` inside the transaction that creates them, so PostgreSQL delivers the signal only
 * when (and if) that transaction commits, to every process listening: on PostgreSQL through one
 * dedicated connection per process (reconnecting by itself), on PGlite through its in-process
 * LISTEN. Each process then emits to its own subscribers by user id.
 */
export class NotificationBus {
  private readonly emitter = new EventEmitter();
  private client: pg.Client | null = null;
  private unlistenPglite: (() => Promise<void>) | null = null;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
  ) {
    this.emitter.setMaxListeners(0);
  }

  async start(): Promise<void> {
    if (this.database.pglite) {
      this.unlistenPglite = await this.database.pglite.listen(NOTIFICATION_CHANNEL, (payload) =>
        this.dispatch(payload),
      );
      return;
    }
    if (this.database.pool) await this.connect();
  }

  private async connect(): Promise<void> {
    const pool = this.database.pool;
    if (!pool || this.closed) return;
    const client = new pg.Client(pool.options);
    client.on('notification', (message) => {
      if (message.channel === NOTIFICATION_CHANNEL) this.dispatch(message.payload);
    });
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'notification listener lost its connection; reconnecting');
      this.scheduleReconnect(client);
    });
    client.on('end', () => this.scheduleReconnect(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFICATION_CHANNEL}`);
      this.client = client;
    } catch (error) {
      this.log.warn({ err: error }, 'notification listener could not connect; retrying');
      this.scheduleReconnect(client);
    }
  }

  private scheduleReconnect(client: pg.Client): void {
    if (this.closed || this.reconnectTimer) return;
    if (this.client === client) this.client = null;
    client.removeAllListeners('end');
    client.end().catch(() => {});
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, 1000);
    this.reconnectTimer.unref();
  }

  private dispatch(payload: string | undefined): void {
    const signal = parseSignal(payload);
    if (signal?.kind === 'notification') {
      this.emitter.emit(`user:${signal.userId}`, signal);
      this.emitter.emit('notification', signal);
    }
    if (signal?.kind === 'sessions') this.emitter.emit(`sessions:${signal.userId}`);
  }

  /** Calls `listener` when sessions of this user were ended (password change, sign out others). */
  onSessionsEnded(userId: number, listener: () => void): () => void {
    const event = `sessions:${userId}`;
    this.emitter.on(event, listener);
    return () => this.emitter.off(event, listener);
  }

  /** Calls `listener` for every new notification, whoever it is for (the push worker wakes on it). */
  onAnyNotification(listener: (signal: NotificationSignal) => void): () => void {
    this.emitter.on('notification', listener);
    return () => this.emitter.off('notification', listener);
  }

  /** Calls `listener` for each new notification of this user; answers the unsubscribe function. */
  subscribe(userId: number, listener: (signal: NotificationSignal) => void): () => void {
    const event = `user:${userId}`;
    this.emitter.on(event, listener);
    return () => this.emitter.off(event, listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.emitter.removeAllListeners();
    if (this.unlistenPglite) await this.unlistenPglite().catch(() => {});
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
    }
  }
}
