import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for (e.g. what only a known address triggers, so the
 * answer's timing does not tell known from unknown). Every task is kept until it ends, so the app's
 * shutdown and the tests can wait for it, and its failure is logged rather than lost.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'>) {}

  /** Starts `work` on a later turn of the event loop than the caller's, after the answer is sent. */
  run(name: string, work: () => Promise<unknown>): void {
    const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .then(
        () => undefined,
        (err: unknown) => this.log.error({ err, task: name }, 'background task failed'),
      )
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Resolves once every task started so far, and any they started, has ended. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}

/**
 * How long after the app is ready the periodic jobs (schedule planning, push delivery) take their
 * first turn: the embedded database answers one query at a time, so a job started at once would make
 * the first requests (the health check, the first page) wait behind it (docs/performance.md).
 */
export const FIRST_JOB_RUN_DELAY_MS = 1000;

/** Runs `start` once, FIRST_JOB_RUN_DELAY_MS from now; the returned function cancels it if still due. */
export function afterStartDelay(start: () => void): () => void {
  const timer = setTimeout(start, FIRST_JOB_RUN_DELAY_MS);
  timer.unref();
  return () => clearTimeout(timer);
}
