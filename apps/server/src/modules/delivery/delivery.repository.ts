import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { deliveryOutbox } from '../../db/schema.js';

export type OutboxRow = typeof deliveryOutbox.$inferSelect;
export type NewOutboxRow = typeof deliveryOutbox.$inferInsert;

export class DeliveryRepository {
  constructor(private readonly db: Executor) {}

  async insert(values: NewOutboxRow): Promise<OutboxRow> {
    const [row] = await this.db.insert(deliveryOutbox).values(values).returning();
    return row!;
  }

  async findById(id: number): Promise<OutboxRow | undefined> {
    const [row] = await this.db.select().from(deliveryOutbox).where(eq(deliveryOutbox.id, id)).limit(1);
    return row;
  }

  async markSent(id: number, sentAt: Date): Promise<void> {
    await this.db
      .update(deliveryOutbox)
      // The transport has the message: keep only its metadata.
      .set({ status: 'sent', sentAt, error: null, message: null })
      .where(eq(deliveryOutbox.id, id));
  }

  async markFailed(id: number, error: string): Promise<void> {
    await this.db
      .update(deliveryOutbox)
      .set({ status: 'failed', error: error.slice(0, 1000), message: null })
      .where(eq(deliveryOutbox.id, id));
  }

  /** Newest first. */
  async list(options: {
    channel?: OutboxRow['channel'] | undefined;
    limit: number;
    offset: number;
  }): Promise<{ rows: OutboxRow[]; total: number }> {
    const where = options.channel ? eq(deliveryOutbox.channel, options.channel) : undefined;
    const rows = await this.db
      .select()
      .from(deliveryOutbox)
      .where(where)
      .orderBy(desc(deliveryOutbox.id))
      .limit(options.limit)
      .offset(options.offset);
    const [total] = await this.db.select({ n: count() }).from(deliveryOutbox).where(where);
    return { rows, total: total?.n ?? 0 };
  }
}
