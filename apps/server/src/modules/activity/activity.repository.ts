import { type ActivityListQueryValues, LIST_COUNT_CAP } from '@inspecta/contract';
import { and, asc, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditEventRow } from '../../core/audit-wording.js';
import { withFields } from '../../core/with-fields.js';
import { auditEntityNames } from '../../db/audit-entity-names.js';
import type { Executor } from '../../db/database.js';
import { containsPattern, countCapped } from '../../db/query-helpers.js';
import { auditEvents, users } from '../../db/schema.js';

export interface ActivityRecord extends AuditEventRow {
  ipAddress: string | null;
}

/** The next calendar day of a YYYY-MM-DD (UTC), for an inclusive "to". */
function dayAfter(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export class ActivityRepository {
  constructor(private readonly db: Executor) {}

  private where(q: ActivityListQueryValues): SQL | undefined {
    const conditions: (SQL | undefined)[] = [
      q.actor_id !== undefined ? eq(auditEvents.actorId, q.actor_id) : undefined,
      q.action ? eq(auditEvents.action, q.action) : undefined,
      q.entity_type ? eq(auditEvents.entityType, q.entity_type) : undefined,
      q.entity_id ? eq(auditEvents.entityId, q.entity_id) : undefined,
      q.from ? gte(auditEvents.createdAt, new Date(`${q.from}T00:00:00Z`)) : undefined,
      q.to ? lt(auditEvents.createdAt, new Date(`${dayAfter(q.to)}T00:00:00Z`)) : undefined,
    ];
    if (q.search) {
      const pattern = containsPattern(q.search);
      conditions.push(
        or(
          ilike(auditEvents.action, pattern),
          eq(auditEvents.entityId, q.search),
          sql`${auditEvents.after}::text ilike ${pattern}`,
          sql`${auditEvents.before}::text ilike ${pattern}`,
        ),
      );
    }
    return and(...conditions);
  }

  /**
   * One page, newest first, and the total exact up to LIST_COUNT_CAP. The order is the indexes'
   * (created_at DESC NULLS LAST, id breaking ties between the events of one transaction), so each
   * filter reads its index from the newest event and stops at the page.
   */
  async list(
    q: ActivityListQueryValues,
  ): Promise<{ rows: ActivityRecord[]; total: number; capped: boolean }> {
    const where = this.where(q);
    const actor = alias(users, 'actor');
    const [rows, count] = await Promise.all([
      this.db
        .select({
          id: auditEvents.id,
          action: auditEvents.action,
          entityType: auditEvents.entityType,
          entityId: auditEvents.entityId,
          before: auditEvents.before,
          after: auditEvents.after,
          ipAddress: auditEvents.ipAddress,
          createdAt: auditEvents.createdAt,
          actorId: auditEvents.actorId,
          actorFirstName: actor.firstName,
          actorLastName: actor.lastName,
        })
        .from(auditEvents)
        .leftJoin(actor, eq(actor.id, auditEvents.actorId))
        .where(where)
        .orderBy(sql`${auditEvents.createdAt} desc nulls last`, desc(auditEvents.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      countCapped(this.db, sql`${auditEvents}`, where, LIST_COUNT_CAP),
    ]);
    return { rows: rows.map((r) => withFields(r, { id: Number(r.id) })), ...count };
  }

  /** Every action recorded so far with its entity type (a few dozen), for the action filter. */
  async actions(): Promise<{ action: string; entityType: string }[]> {
    return this.db
      .selectDistinct({ action: auditEvents.action, entityType: auditEvents.entityType })
      .from(auditEvents)
      .orderBy(asc(auditEvents.action), asc(auditEvents.entityType));
  }

  entityNames(refs: { entityType: string; entityId: string }[]): Promise<Map<string, string>> {
    return auditEntityNames(this.db, refs);
  }
}
