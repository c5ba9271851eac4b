import type { NotificationType } from '@inspecta/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../core/clock.js';
import type { Database, Executor } from '../../db/database.js';
import { NotificationsRepository } from './notifications.repository.js';
import type { NotificationsService } from './notifications.service.js';

/** One object that has become due for an announcement (e.g. an assignment that is now overdue). */
export interface DueAnnouncement {
  objectId: number;
  recipients: number[];
  title: string;
  body: string;
  link: string | null;
}

/**
 * A source the scheduled job asks on every run. The inspections module registers
 * `{ kind: 'assignment.overdue', type: 'assignment.overdue', findDue }` where findDue answers the
 * assignments that are not completed or cancelled and whose dueOn is in the past; the job makes
 * sure each one is announced once, ever, whichever process finds it first.
 */
export interface ScheduledNotificationSource {
  /** Key of the once-only ledger (notification_dispatch.kind). */
  kind: string;
  type: NotificationType;
  findDue(db: Executor, now: Date): Promise<DueAnnouncement[]>;
}

/**
 * The scheduled notification job of a server process: every interval it asks each source for
 * what became due and announces each object once. "Once" holds across processes because the
 * claim is an INSERT ... ON CONFLICT DO NOTHING on (kind, object_id) in the same transaction as
 * the notifications: a second process blocks on the first one's row, then finds it taken.
 * Within a process, a run never starts while the previous one is still going.
 */
export class ScheduledNotificationJob {
  private readonly sources: ScheduledNotificationSource[] = [];
  private running: Promise<number> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  register(source: ScheduledNotificationSource): void {
    this.sources.push(source);
  }

  /** One pass over every source; answers how many objects it announced. Overlapping calls share one run. */
  runOnce(): Promise<number> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<number> {
    let announced = 0;
    const now = this.clock.now();
    for (const source of this.sources) {
      const due = await source.findDue(this.db, now);
      for (const item of due) {
        const claimed = await this.db.transaction(async (tx) => {
          if (!(await new NotificationsRepository(tx).claimDispatch(source.kind, item.objectId)))
            return false;
          await this.notifications.notify(tx, {
            recipients: item.recipients,
            type: source.type,
            title: item.title,
            body: item.body,
            link: item.link,
          });
          return true;
        });
        if (claimed) announced++;
      }
    }
    return announced;
  }

  start(intervalMs: number): void {
    if (this.timer || intervalMs <= 0) return;
    this.timer = setInterval(() => {
      this.runOnce().catch((error: unknown) =>
        this.log.error({ err: error }, 'scheduled notifications failed'),
      );
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }
}
