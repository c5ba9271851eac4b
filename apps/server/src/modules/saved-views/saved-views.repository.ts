import type { SavedViewList } from '@inspecta/contract';
import { and, asc, count, eq, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { savedViews, users } from '../../db/schema.js';

export type SavedViewRow = typeof savedViews.$inferSelect;
export type SavedViewWithOwner = SavedViewRow & { ownerName: string };

const ownerName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

export class SavedViewsRepository {
  constructor(private readonly db: Executor) {}

  /** The caller's views of a list, then the ones other administrators share, each by name. */
  async listVisible(list: SavedViewList, userId: number): Promise<SavedViewWithOwner[]> {
    const rows = await this.db
      .select({ view: savedViews, ownerName })
      .from(savedViews)
      .innerJoin(users, eq(users.id, savedViews.ownerId))
      .where(
        and(
          eq(savedViews.list, list),
          or(
            eq(savedViews.ownerId, userId),
            // A deleted or demoted administrator's shared views go with their role.
            and(
              eq(savedViews.shared, true),
              ne(savedViews.ownerId, userId),
              eq(users.userType, 'admin'),
              sql`${users.deletedAt} is null`,
            ),
          ),
        ),
      )
      .orderBy(sql`(${savedViews.ownerId} <> ${userId})`, sql`lower(${savedViews.name})`, asc(savedViews.id));
    return rows.map((r) => ({ ...r.view, ownerName: r.ownerName }));
  }

  async findWithOwner(id: number): Promise<SavedViewWithOwner | undefined> {
    const [row] = await this.db
      .select({ view: savedViews, ownerName })
      .from(savedViews)
      .innerJoin(users, eq(users.id, savedViews.ownerId))
      .where(eq(savedViews.id, id))
      .limit(1);
    return row ? { ...row.view, ownerName: row.ownerName } : undefined;
  }

  /** Locks the row for the rest of the transaction (update, delete). */
  async lockById(id: number): Promise<SavedViewRow | undefined> {
    const [row] = await this.db.select().from(savedViews).where(eq(savedViews.id, id)).for('update').limit(1);
    return row;
  }

  async countOwned(list: SavedViewList, ownerId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(savedViews)
      .where(and(eq(savedViews.list, list), eq(savedViews.ownerId, ownerId)));
    return row?.n ?? 0;
  }

  async insert(values: typeof savedViews.$inferInsert): Promise<SavedViewRow> {
    const [row] = await this.db.insert(savedViews).values(values).returning();
    return row!;
  }

  async update(id: number, values: Partial<typeof savedViews.$inferInsert>): Promise<void> {
    await this.db
      .update(savedViews)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(savedViews.id, id));
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(savedViews).where(eq(savedViews.id, id));
  }
}
