import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../core/clock.js';
import type { Database } from '../../db/database.js';
import { type ClaimedDelivery, PushRepository } from './push.repository.js';
import type { PushSender, VapidKeys } from './push-sender.js';

export interface PushWorkerOptions {
  /** The sender's own deadline; the claim lease is longer than it so a slow send keeps its row. */
  timeoutMs: number;
  /** Tries in all (the first send and its retries) before a delivery is given up. */
  maxAttempts: number;
  /** Delay before the first retry; each later retry doubles it (with ±20% jitter), up to `maxRetryDelayMs`. */
  retryBaseMs: number;
  maxRetryDelayMs: number;
  /** Rows claimed per pass, and sent at the same time. */
  batchSize: number;
}

export const defaultPushWorkerOptions: Omit<PushWorkerOptions, 'timeoutMs'> = {
  maxAttempts: 5,
  retryBaseMs: 30_000,
  maxRetryDelayMs: 30 * 60_000,
  batchSize: 20,
};

/** How long sent and given-up rows stay in the queue table for inspection. */
const KEEP_FINISHED_MS = 7 * 24 * 60 * 60 * 1000;

export interface PushRunResult {
  sent: number;
  retried: number;
  failed: number;
  removed: number;
}

/**
 * The push queue worker of one server process. It wakes every interval and whenever a notification
 * is created anywhere (the notification bus), claims due rows (SKIP LOCKED + lease, so with several
 * processes each row goes out once), sends them with the web-push sender outside any transaction,
 * and records the outcome: delivered, retried later with backoff (5xx, 429, time-out, network),
 * given up (other 4xx, or attempts used up), or the subscription deleted (404/410).
 */
export class PushWorker {
  private running: Promise<PushRunResult> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  /** Wakes count only once `start` ran (tests drive `runOnce` themselves). */
  private started = false;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly sender: PushSender,
    private readonly vapidKeys: () => Promise<VapidKeys>,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>,
    private readonly options: PushWorkerOptions,
  ) {}

  /**
   * One pass until nothing is due; answers what it did. A call while a pass runs joins it and makes
   * it look once more at the end, so a row queued meanwhile is not left for the next interval.
   */
  runOnce(): Promise<PushRunResult> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Wakes the worker without waiting for it (the notification bus calls this). */
  wake(): void {
    if (!this.started || this.stopped) return;
    this.runOnce().catch((error: unknown) => this.log.error({ err: error }, 'push worker failed'));
  }

  private async run(): Promise<PushRunResult> {
    const total: PushRunResult = { sent: 0, retried: 0, failed: 0, removed: 0 };
    const keys = await this.vapidKeys();
    do {
      this.again = false;
      for (;;) {
        const now = this.clock.now();
        const lease = new Date(now.getTime() + this.options.timeoutMs * 2 + 30_000);
        const claimed = await this.db.transaction((tx) =>
          new PushRepository(tx).claimDue(now, lease, this.options.batchSize),
        );
        if (claimed.length === 0) break;
        const outcomes = await Promise.all(claimed.map((item) => this.deliver(item, keys)));
        for (const outcome of outcomes) total[outcome]++;
        if (this.stopped) break;
      }
    } while (this.again && !this.stopped);
    await new PushRepository(this.db).pruneFinished(new Date(this.clock.now().getTime() - KEEP_FINISHED_MS));
    return total;
  }

  private retryDelay(attempt: number, retryAfterMs: number | null): number {
    const base = Math.min(this.options.retryBaseMs * 2 ** (attempt - 1), this.options.maxRetryDelayMs);
    const jittered = base * (0.8 + Math.random() * 0.4);
    return Math.max(jittered, Math.min(retryAfterMs ?? 0, this.options.maxRetryDelayMs));
  }

  private async deliver(
    { delivery, subscription }: ClaimedDelivery,
    keys: VapidKeys,
  ): Promise<keyof PushRunResult> {
    const repo = new PushRepository(this.db);
    const outcome = await this.sender.send(subscription, JSON.stringify(delivery.payload), keys);
    const now = this.clock.now();
    switch (outcome.kind) {
      case 'delivered':
        await repo.markSent(delivery.id, subscription.id, now);
        return 'sent';
      case 'gone':
        // The browser unsubscribed or the subscription expired: it can never receive again.
        this.log.info(
          { subscriptionId: subscription.id, userId: subscription.userId, status: outcome.status },
          'push subscription expired; removed',
        );
        await repo.delete(subscription.id);
        return 'removed';
      case 'retry': {
        const more = delivery.attempts < this.options.maxAttempts;
        const next = more
          ? new Date(now.getTime() + this.retryDelay(delivery.attempts, outcome.retryAfterMs))
          : null;
        this.log.warn(
          { deliveryId: delivery.id, attempt: delivery.attempts, reason: outcome.reason, retryAt: next },
          more ? 'push delivery failed; will retry' : 'push delivery failed; giving up',
        );
        await repo.markFailed(delivery.id, subscription.id, outcome.reason, next);
        return more ? 'retried' : 'failed';
      }
      case 'rejected':
        this.log.warn({ deliveryId: delivery.id, reason: outcome.reason }, 'push delivery refused');
        await repo.markFailed(delivery.id, subscription.id, outcome.reason, null);
        return 'failed';
    }
  }

  start(intervalMs: number): void {
    if (this.timer || intervalMs <= 0) return;
    this.started = true;
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), intervalMs);
    this.timer.unref();
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }
}
