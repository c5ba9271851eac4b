import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, notInArray, notLike, or, sql } from 'drizzle-orm';
import type { AuditEventRow } from '../../core/audit-wording.js';
import { withFields } from '../../core/with-fields.js';
import { auditEntityNames } from '../../db/audit-entity-names.js';
import type { Executor } from '../../db/database.js';
import { dueFilterConditions } from '../../db/due-conditions.js';
import {
  assignments,
  auditEvents,
  correctiveActions,
  equipmentDueCounts,
  inspectionResultDays,
  inspections,
  siteStatusCounts,
  sites,
  templates,
  users,
} from '../../db/schema.js';

const OPEN = ['assigned', 'in_progress'] as const;
const OPEN_ACTIONS = ['open', 'in_progress'] as const;

/** Audit entity types a person changes on purpose; sign-ins, sessions and read receipts are noise on a home page. */
export const ACTIVITY_ENTITY_TYPES = [
  'site',
  'equipment',
  'equipment_type',
  'user',
  'template',
  'inspection_category',
  'assignment',
  'inspection',
  'settings',
] as const;

/** User actions that are housekeeping of one's own account, not work on the register. */
const QUIET_USER_ACTIONS = ['user.notification_preferences', 'user.email_change_requested'];

export interface SiteRefRow {
  id: number;
  name: string;
  siteCode: string;
  city: string | null;
}

export interface AssignmentListRow {
  id: number;
  status: 'assigned' | 'in_progress' | 'completed' | 'cancelled';
  priority: 'low' | 'normal' | 'high' | 'urgent';
  dueOn: string;
  site: SiteRefRow;
  inspectorId: number;
  inspectorFirstName: string;
  inspectorLastName: string;
  templateName: string;
}

export interface InspectionListRow {
  id: number;
  result: 'pass' | 'fail' | null;
  failedItems: number;
  completedAt: Date | null;
  site: SiteRefRow;
  inspectorId: number;
  inspectorFirstName: string;
  inspectorLastName: string;
  templateName: string;
}

export type ActivityRow = AuditEventRow;

const siteRef = { id: sites.id, name: sites.name, siteCode: sites.siteCode, city: sites.city };

const int = (value: unknown): number => Number(value ?? 0);

/**
 * The home screen's queries. Each one is a count or a short ordered read served by an existing
 * index (see docs/dashboard.md); the service runs them concurrently.
 */
export class DashboardRepository {
  constructor(private readonly db: Executor) {}

  /** Sites per status, from `site_status_counts` (three rows kept exact by triggers, migration 0014). */
  async siteCounts(): Promise<{ active: number; draft: number; inactive: number }> {
    const rows = await this.db
      .select({ status: siteStatusCounts.status, n: siteStatusCounts.sites })
      .from(siteStatusCounts);
    const of = (status: string) => int(rows.find((r) => r.status === status)?.n);
    return { active: of('active'), draft: of('draft'), inactive: of('inactive') };
  }

  /**
   * Units not retired, split by status, and by due status with the equipment list's own `due`
   * conditions. Read from `equipment_due_counts` (units per status and next due date, kept exact by
   * triggers on equipment, migration 0013): a few hundred rows whatever the number of units.
   */
  async equipmentFigures(today: string): Promise<{
    inService: number;
    outOfService: number;
    overdue: number;
    dueSoon: number;
    ok: number;
  }> {
    const units = sql`${equipmentDueCounts.units}`;
    const filtered = (due: 'overdue' | 'due_soon' | 'ok') =>
      sql<number>`coalesce(sum(${units}) filter (where ${and(...dueFilterConditions(due, today, equipmentDueCounts.nextDueOn))}), 0)::int`;
    const [row] = await this.db
      .select({
        inService: sql<number>`coalesce(sum(${units}) filter (where ${equipmentDueCounts.status} = 'in_service'), 0)::int`,
        outOfService: sql<number>`coalesce(sum(${units}) filter (where ${equipmentDueCounts.status} = 'out_of_service'), 0)::int`,
        overdue: filtered('overdue'),
        dueSoon: filtered('due_soon'),
        ok: filtered('ok'),
      })
      .from(equipmentDueCounts)
      .where(inArray(equipmentDueCounts.status, ['in_service', 'out_of_service']));
    return {
      inService: int(row?.inService),
      outOfService: int(row?.outOfService),
      overdue: int(row?.overdue),
      dueSoon: int(row?.dueSoon),
      ok: int(row?.ok),
    };
  }

  /** Live (not deleted), active inspectors and clients, as the user list counts them. */
  async people(): Promise<{ inspectors: number; clients: number }> {
    const [row] = await this.db
      .select({
        inspectors: sql<number>`count(*) filter (where ${users.userType} = 'inspector')::int`,
        clients: sql<number>`count(*) filter (where ${users.userType} = 'client')::int`,
      })
      .from(users)
      .where(
        and(
          isNull(users.deletedAt),
          eq(users.status, 'active'),
          inArray(users.userType, ['inspector', 'client']),
        ),
      );
    return { inspectors: int(row?.inspectors), clients: int(row?.clients) };
  }

  /** Open assignments and the overdue ones among them (`assignments_status_due_idx`). */
  async assignmentFigures(today: string): Promise<{ open: number; inProgress: number; overdue: number }> {
    const [row] = await this.db
      .select({
        open: sql<number>`count(*)::int`,
        inProgress: sql<number>`count(*) filter (where ${assignments.status} = 'in_progress')::int`,
        overdue: sql<number>`count(*) filter (where ${assignments.dueOn} < ${today}::date)::int`,
      })
      .from(assignments)
      .where(inArray(assignments.status, [...OPEN]));
    return { open: int(row?.open), inProgress: int(row?.inProgress), overdue: int(row?.overdue) };
  }

  /** Corrective actions open or in progress, and those of them past their due date (issue 19). */
  async actionFigures(today: string): Promise<{ open: number; overdue: number }> {
    const [row] = await this.db
      .select({
        open: sql<number>`count(*)::int`,
        overdue: sql<number>`count(*) filter (where ${correctiveActions.dueOn} < ${today}::date)::int`,
      })
      .from(correctiveActions)
      .where(inArray(correctiveActions.status, [...OPEN_ACTIONS]));
    return { open: int(row?.open), overdue: int(row?.overdue) };
  }

  /**
   * Completed inspections per result and per 7-day bucket counted from `since` (a Monday), up to
   * now. Read from `inspection_result_days` (completions per UTC day and result, kept exact by
   * triggers, migration 0014): at most two rows a day of the period, whatever the history's size.
   */
  async completedPerWeek(since: string): Promise<{ bucket: number; result: 'pass' | 'fail'; n: number }[]> {
    const bucket = sql<number>`((${inspectionResultDays.day} - ${since}::date) / 7)::int`;
    const rows = await this.db
      .select({
        bucket,
        result: inspectionResultDays.result,
        n: sql<number>`sum(${inspectionResultDays.inspections})::int`,
      })
      .from(inspectionResultDays)
      .where(gte(inspectionResultDays.day, since))
      .groupBy(sql`1`, inspectionResultDays.result);
    return rows.map((r) => ({ bucket: int(r.bucket), result: r.result, n: int(r.n) }));
  }

  /** Completed inspections from `from` (inclusive) to `to` (exclusive), both YYYY-MM-DD in UTC. */
  async completedBetween(from: string, to: string): Promise<{ pass: number; fail: number }> {
    const rows = await this.db
      .select({
        result: inspectionResultDays.result,
        n: sql<number>`sum(${inspectionResultDays.inspections})::int`,
      })
      .from(inspectionResultDays)
      .where(and(gte(inspectionResultDays.day, from), lt(inspectionResultDays.day, to)))
      .groupBy(inspectionResultDays.result);
    const of = (result: string) => int(rows.find((r) => r.result === result)?.n);
    return { pass: of('pass'), fail: of('fail') };
  }

  /** Sites with the most failed items in inspections completed since `since` (YYYY-MM-DD, UTC). */
  async topFailingSites(
    since: string,
    limit: number,
  ): Promise<{ site: SiteRefRow; failedItems: number; failedInspections: number }[]> {
    const totals = this.db
      .select({
        siteId: inspections.siteId,
        failedItems: sql<number>`sum(${inspections.failedItems})::int`.as('failed_items_total'),
        failedInspections: sql<number>`count(*) filter (where ${inspections.result} = 'fail')::int`.as(
          'failed_inspections',
        ),
      })
      .from(inspections)
      .where(
        and(
          eq(inspections.status, 'completed'),
          gte(inspections.completedAt, sql`${since}::date at time zone 'UTC'`),
          sql`${inspections.failedItems} > 0`,
        ),
      )
      .groupBy(inspections.siteId)
      .orderBy(sql`2 desc`, inspections.siteId)
      .limit(limit)
      .as('totals');
    const rows = await this.db
      .select({ site: siteRef, failedItems: totals.failedItems, failedInspections: totals.failedInspections })
      .from(totals)
      .innerJoin(sites, eq(sites.id, totals.siteId))
      .orderBy(desc(totals.failedItems), asc(sites.id));
    return rows.map((r) => ({
      site: r.site,
      failedItems: int(r.failedItems),
      failedInspections: int(r.failedInspections),
    }));
  }

  /**
   * Open assignments in due order from one side of today. Each open status is read straight off
   * `assignments_status_due_idx (status, due_on, id)` for its first `limit` entries, the two are
   * merged, and only those rows are joined: no sort of all open work, whatever its size.
   */
  private async openInDueOrder(
    side: 'from' | 'before',
    today: string,
    limit: number,
  ): Promise<AssignmentListRow[]> {
    const dueCondition = side === 'from' ? sql`due_on >= ${today}::date` : sql`due_on < ${today}::date`;
    const arm = (status: string) =>
      sql`(select id, due_on from assignments where status = ${status} and ${dueCondition} order by due_on, id limit ${limit})`;
    const picked = await this.db.execute(
      sql`select id from (${arm('assigned')} union all ${arm('in_progress')}) as open_work order by due_on, id limit ${limit}`,
    );
    const ids = (picked as unknown as { rows: Array<{ id: number | string }> }).rows.map((r) => Number(r.id));
    if (ids.length === 0) return [];
    return this.db
      .select({
        id: assignments.id,
        status: assignments.status,
        priority: assignments.priority,
        dueOn: assignments.dueOn,
        site: siteRef,
        inspectorId: users.id,
        inspectorFirstName: users.firstName,
        inspectorLastName: users.lastName,
        templateName: templates.name,
      })
      .from(assignments)
      .innerJoin(sites, eq(sites.id, assignments.siteId))
      .innerJoin(users, eq(users.id, assignments.inspectorId))
      .innerJoin(templates, eq(templates.id, assignments.templateId))
      .where(inArray(assignments.id, ids))
      .orderBy(asc(assignments.dueOn), asc(assignments.id));
  }

  /** Open work due today or later, soonest first. */
  async nextDue(today: string, limit: number): Promise<AssignmentListRow[]> {
    return this.openInDueOrder('from', today, limit);
  }

  /** Open work due before today, the longest overdue first. */
  async mostOverdue(today: string, limit: number): Promise<AssignmentListRow[]> {
    return this.openInDueOrder('before', today, limit);
  }

  /** The newest completed inspections (`inspections_completed_idx`). */
  async latestInspections(limit: number): Promise<InspectionListRow[]> {
    return (
      this.db
        .select({
          id: inspections.id,
          result: inspections.result,
          failedItems: inspections.failedItems,
          completedAt: inspections.completedAt,
          site: siteRef,
          inspectorId: users.id,
          inspectorFirstName: users.firstName,
          inspectorLastName: users.lastName,
          templateName: templates.name,
        })
        .from(inspections)
        .innerJoin(sites, eq(sites.id, inspections.siteId))
        .innerJoin(users, eq(users.id, inspections.inspectorId))
        .innerJoin(templates, eq(templates.id, inspections.templateId))
        .where(eq(inspections.status, 'completed'))
        // Exactly the index's order (DESC NULLS LAST on both), so the newest are read straight off it.
        .orderBy(sql`${inspections.completedAt} desc nulls last`, sql`${inspections.id} desc nulls last`)
        .limit(limit)
    );
  }

  /** The newest audit events about the register (`audit_events_created_idx`, read newest first). */
  async recentActivity(limit: number): Promise<ActivityRow[]> {
    const rows = await this.db
      .select({
        id: auditEvents.id,
        action: auditEvents.action,
        entityType: auditEvents.entityType,
        entityId: auditEvents.entityId,
        before: auditEvents.before,
        after: auditEvents.after,
        createdAt: auditEvents.createdAt,
        actorId: auditEvents.actorId,
        actorFirstName: users.firstName,
        actorLastName: users.lastName,
      })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorId))
      .where(
        and(
          inArray(auditEvents.entityType, [...ACTIVITY_ENTITY_TYPES]),
          or(ne(auditEvents.entityType, 'user'), notInArray(auditEvents.action, QUIET_USER_ACTIONS)),
          notLike(auditEvents.action, 'auth.%'),
        ),
      )
      // created_at in the index's order (DESC NULLS LAST); id only breaks ties (an incremental sort).
      .orderBy(sql`${auditEvents.createdAt} desc nulls last`, desc(auditEvents.id))
      .limit(limit);
    return rows.map((r) => withFields(r, { id: Number(r.id) }));
  }

  /** Current names of users, sites and products an event names only by id. */
  async entityNames(refs: { entityType: string; entityId: string }[]): Promise<Map<string, string>> {
    return auditEntityNames(this.db, refs);
  }
}
