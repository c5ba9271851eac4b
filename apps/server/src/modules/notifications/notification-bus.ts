import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { DatabaseHandle } from '../../db/database.js';
import { parseSessionsEnded, SESSIONS_ENDED_CHANNEL, type SessionsEnded } from '../auth/index.js';

/** The PostgreSQL channel every server process listens on; the payload is `{ id, userId }`. */
export const NOTIFICATION_CHANNEL = 'inspecta_notifications';

export interface NotificationSignal {
  id: number;
  userId: number;
}

function parseSignal(payload: string | undefined): NotificationSignal | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as Partial<NotificationSignal>;
    if (Number.isInteger(value.id) && Number.isInteger(value.userId)) {
      return { id: value.id as number, userId: value.userId as number };
    }
  } catch {
    // A foreign payload on our channel is ignored.
  }
  return null;
}

/**
 * Fans new notifications and ended sessions out to the streams of this process. Both are announced
 * with `pg_notify` inside the transaction that makes them, so PostgreSQL delivers the signal only
 * when (and if) that transaction commits, to every process listening: on PostgreSQL through one
 * dedicated connection per process (reconnecting by itself), on PGlite through its in-process
 * LISTEN. Each process then emits to its own subscribers by user id.
 */
export class NotificationBus {
  private readonly emitter = new EventEmitter();
  private client: pg.Client | null = null;
  private unlistenPglite: (() => Promise<void>)[] = [];
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private listenedBefore = false;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
  ) {
    this.emitter.setMaxListeners(0);
  }

  async start(): Promise<void> {
    if (this.database.pglite) {
      const pglite = this.database.pglite;
      this.unlistenPglite = [
        await pglite.listen(NOTIFICATION_CHANNEL, (payload) => this.dispatch(NOTIFICATION_CHANNEL, payload)),
        await pglite.listen(SESSIONS_ENDED_CHANNEL, (payload) =>
          this.dispatch(SESSIONS_ENDED_CHANNEL, payload),
        ),
      ];
      return;
    }
    if (this.database.pool) await this.connect();
  }

  private async connect(): Promise<void> {
    const pool = this.database.pool;
    if (!pool || this.closed) return;
    // Loaded here, on PostgreSQL only: the embedded database never needs node-postgres.
    const { default: pgModule } = await import('pg');
    const client = new pgModule.Client(pool.options);
    client.on('notification', (message) => {
      this.dispatch(message.channel, message.payload);
    });
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'notification listener lost its connection; reconnecting');
      this.scheduleReconnect(client);
    });
    client.on('end', () => this.scheduleReconnect(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFICATION_CHANNEL}; LISTEN ${SESSIONS_ENDED_CHANNEL}`);
      this.client = client;
      if (this.listenedBefore) this.emitter.emit('reconnected');
      this.listenedBefore = true;
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

  private dispatch(channel: string, payload: string | undefined): void {
    if (channel === NOTIFICATION_CHANNEL) {
      const signal = parseSignal(payload);
      if (!signal) return;
      this.emitter.emit(`user:${signal.userId}`, signal);
      this.emitter.emit('notification', signal);
    } else if (channel === SESSIONS_ENDED_CHANNEL) {
      const ended = parseSessionsEnded(payload);
      if (!ended) return;
      this.emitter.emit(`sessions:${ended.userId}`, ended);
      this.emitter.emit('sessions', ended);
    }
  }

  /** Calls `listener` when sessions of this user were revoked (any process, any revocation path). */
  onSessionsEnded(userId: number, listener: (ended: SessionsEnded) => void): () => void {
    const event = `sessions:${userId}`;
    this.emitter.on(event, listener);
    return () => this.emitter.off(event, listener);
  }

  /** Calls `listener` when sessions of any user were revoked. */
  onAnySessionsEnded(listener: (ended: SessionsEnded) => void): () => void {
    this.emitter.on('sessions', listener);
    return () => this.emitter.off('sessions', listener);
  }

  /**
   * Calls `listener` when the bus listens again after losing its connection: whatever was announced
   * in between was not heard (PostgreSQL does not keep notifications for a listener that is away).
   */
  onReconnected(listener: () => void): () => void {
    this.emitter.on('reconnected', listener);
    return () => this.emitter.off('reconnected', listener);
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
    for (const unlisten of this.unlistenPglite) await unlisten().catch(() => {});
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
    }
  }
}
