import { AppError } from './errors.js';

export interface RenderLimitOptions {
  /** How many run at once. */
  concurrent: number;
  /** How many may wait for a turn; one more is refused at once. */
  queue: number;
  /** How long one waits for a turn before it is refused (ms). */
  maxWaitMs: number;
  /** Seconds the refusal's Retry-After says. */
  retryAfter: number;
  /** What the refusal says: "Label sheets are being made for others". */
  busyMessage: string;
}

interface Waiter {
  start: () => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * An in-process semaphore for heavy work done on request (a label sheet PDF): `concurrent` at once,
 * `queue` more waiting their turn in order (at most `maxWaitMs`), beyond that a 503
 * SERVICE_UNAVAILABLE with Retry-After, so a burst of prints cannot take the server's memory and
 * event loop from everyone else (docs/equipment.md "Asset labels"). Per process: each server
 * process of a deployment has its own.
 */
export class RenderLimit {
  private active = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly options: RenderLimitOptions) {}

  /** Work running now and work waiting for a turn. */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  private busy(): AppError {
    return new AppError('SERVICE_UNAVAILABLE', this.options.busyMessage, {
      retryAfter: this.options.retryAfter,
    });
  }

  private async turn(): Promise<void> {
    if (this.active < this.options.concurrent) {
      this.active++;
      return;
    }
    if (this.waiting.length >= this.options.queue) throw this.busy();
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        // The slot is handed over by `release`: `active` stays counted.
        start: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(waiter);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(this.busy());
        }, this.options.maxWaitMs),
      };
      this.waiting.push(waiter);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next.start();
    else this.active--;
  }

  /** Runs `work` when its turn comes; throws the 503 when the queue is full or the wait too long. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.turn();
    try {
      return await work();
    } finally {
      this.release();
    }
  }
}
