import type { SavedViewList } from '@inspecta/contract';
import { and, asc, count, eq, ne, or, sql } from 'drizzle-orm';
import { withFields } from '../../core/with-fields.js';
import type { Executor } from '../../db/database.js';
import { savedViewDefaults, savedViews, users } from '../../db/schema.js';

export type SavedViewRow = typeof savedViews.$inferSelect;
export type SavedViewWithOwner = SavedViewRow & { ownerName: string };

const ownerName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

/** The views a user sees: their own, and the ones other administrators share. */
function visibleTo(userId: number) {
  return or(
    eq(savedViews.ownerId, userId),
    // A deleted or demoted administrator's shared views go with their role.
    and(
      eq(savedViews.shared, true),
      ne(savedViews.ownerId, userId),
      eq(users.userType, 'admin'),
      sql`${users.deletedAt} is null`,
    ),
  );
}

export class SavedViewsRepository {
  constructor(private readonly db: Executor) {}

  /** The caller's views of a list, then the ones other administrators share, each by name. */
  async listVisible(list: SavedViewList, userId: number): Promise<SavedViewWithOwner[]> {
    const rows = await this.db
      .select({ view: savedViews, ownerName })
      .from(savedViews)
      .innerJoin(users, eq(users.id, savedViews.ownerId))
      .where(and(eq(savedViews.list, list), visibleTo(userId)))
      .orderBy(sql`(${savedViews.ownerId} <> ${userId})`, sql`lower(${savedViews.name})`, asc(savedViews.id));
    return rows.map((r) => withFields(r.view, { ownerName: r.ownerName }));
  }

  async findWithOwner(id: number): Promise<SavedViewWithOwner | undefined> {
    const [row] = await this.db
      .select({ view: savedViews, ownerName })
      .from(savedViews)
      .innerJoin(users, eq(users.id, savedViews.ownerId))
      .where(eq(savedViews.id, id))
      .limit(1);
    return row ? withFields(row.view, { ownerName: row.ownerName }) : undefined;
  }

  /** The view when the user may see it (their own or shared with them), else undefined. */
  async findVisible(id: number, userId: number): Promise<SavedViewRow | undefined> {
    const [row] = await this.db
      .select({ view: savedViews })
      .from(savedViews)
      .innerJoin(users, eq(users.id, savedViews.ownerId))
      .where(and(eq(savedViews.id, id), visibleTo(userId)))
      .limit(1);
    return row?.view;
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
      .set(withFields(values, { updatedAt: sql`now()` }))
      .where(eq(savedViews.id, id));
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(savedViews).where(eq(savedViews.id, id));
  }

  async findDefault(list: SavedViewList, userId: number): Promise<number | null> {
    const [row] = await this.db
      .select({ viewId: savedViewDefaults.viewId })
      .from(savedViewDefaults)
      .where(and(eq(savedViewDefaults.userId, userId), eq(savedViewDefaults.list, list)))
      .limit(1);
    return row?.viewId ?? null;
  }

  async setDefault(list: SavedViewList, userId: number, viewId: number): Promise<void> {
    await this.db
      .insert(savedViewDefaults)
      .values({ userId, list, viewId })
      .onConflictDoUpdate({
        target: [savedViewDefaults.userId, savedViewDefaults.list],
        set: { viewId, updatedAt: sql`now()` },
      });
  }

  /** Removes the user's default of the list; the view it was, if any. */
  async clearDefault(list: SavedViewList, userId: number): Promise<number | null> {
    const [row] = await this.db
      .delete(savedViewDefaults)
      .where(and(eq(savedViewDefaults.userId, userId), eq(savedViewDefaults.list, list)))
      .returning({ viewId: savedViewDefaults.viewId });
    return row?.viewId ?? null;
  }

  /** Removes the view as the default of everyone (but `exceptUserId`); whose default it was. */
  async clearDefaultsOfView(viewId: number, exceptUserId?: number): Promise<number[]> {
    const rows = await this.db
      .delete(savedViewDefaults)
      .where(
        and(
          eq(savedViewDefaults.viewId, viewId),
          exceptUserId === undefined ? undefined : ne(savedViewDefaults.userId, exceptUserId),
        ),
      )
      .returning({ userId: savedViewDefaults.userId });
    return rows.map((r) => r.userId);
  }
}
