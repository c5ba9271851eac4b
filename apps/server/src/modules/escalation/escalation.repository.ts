import { and, asc, eq, gte, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import {
  appSettings,
  assignments,
  correctiveActions,
  equipment,
  notificationDispatch,
  sites,
  templates,
  users,
} from '../../db/schema.js';

export const ESCALATION_SETTING_KEY = 'escalation';
const OPEN_WORK = ['assigned', 'in_progress'] as const;
const OPEN_ACTIONS = ['open', 'in_progress'] as const;
/** At most this many objects per rule and run; the next run takes the rest. */
const BATCH = 500;

/** A step fired for an object is claimed under this kind (with the object's id): once, ever. */
export function escalationKind(trigger: string, ruleId: string, dueOn: string): string {
  return `escalation:${trigger}:${ruleId}:${dueOn}`;
}

/** `not exists` a claim of this rule for this object and its current due date. */
function notClaimed(
  trigger: string,
  ruleId: string,
  id: typeof assignments.id | typeof correctiveActions.id,
  dueOn: typeof assignments.dueOn | typeof correctiveActions.dueOn,
) {
  const prefix = `escalation:${trigger}:${ruleId}:`;
  return sql`not exists (select 1 from ${notificationDispatch} d where d.kind = ${prefix} || ${dueOn}::text and d.object_id = ${id})`;
}

export class EscalationRepository {
  constructor(private readonly db: Executor) {}

  async getSetting(): Promise<unknown> {
    const [row] = await this.db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, ESCALATION_SETTING_KEY));
    return row?.value;
  }

  async putSetting(value: unknown, now: Date): Promise<void> {
    await this.db
      .insert(appSettings)
      .values({ key: ESCALATION_SETTING_KEY, value, updatedAt: now })
      .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: now } });
  }

  /** Claims a step for an object; true when this caller is the first (INSERT … ON CONFLICT DO NOTHING). */
  async claim(kind: string, objectId: number): Promise<boolean> {
    const rows = await this.db
      .insert(notificationDispatch)
      .values({ kind, objectId })
      .onConflictDoNothing({ target: [notificationDispatch.kind, notificationDispatch.objectId] })
      .returning({ id: notificationDispatch.id });
    return rows.length > 0;
  }

  private assignmentColumns() {
    return {
      id: assignments.id,
      status: assignments.status,
      dueOn: assignments.dueOn,
      inspectorId: assignments.inspectorId,
      siteId: assignments.siteId,
      siteName: sites.name,
      siteCode: sites.siteCode,
      contactEmail: sites.contactEmail,
      contactName: sites.contactName,
      clientEmail: sql<
        string | null
      >`(select u.email from ${users} u where u.id = ${sites.clientId} and u.deleted_at is null)`,
      templateName: templates.name,
      inspectorFirstName: users.firstName,
      inspectorLastName: users.lastName,
    };
  }

  /** Assigned (not started) and due between today and `lastDue`, not yet reminded by this rule. */
  async notStarted(ruleId: string, today: string, lastDue: string) {
    return this.db
      .select(this.assignmentColumns())
      .from(assignments)
      .innerJoin(sites, eq(sites.id, assignments.siteId))
      .innerJoin(templates, eq(templates.id, assignments.templateId))
      .innerJoin(users, eq(users.id, assignments.inspectorId))
      .where(
        and(
          eq(assignments.status, 'assigned'),
          gte(assignments.dueOn, today),
          lte(assignments.dueOn, lastDue),
          notClaimed('assignment_not_started', ruleId, assignments.id, assignments.dueOn),
        ),
      )
      .orderBy(asc(assignments.dueOn), asc(assignments.id))
      .limit(BATCH);
  }

  /** Open and due before `dueBefore` (today - N days), not yet escalated by this rule. */
  async overdueAssignments(ruleId: string, dueBefore: string) {
    return this.db
      .select(this.assignmentColumns())
      .from(assignments)
      .innerJoin(sites, eq(sites.id, assignments.siteId))
      .innerJoin(templates, eq(templates.id, assignments.templateId))
      .innerJoin(users, eq(users.id, assignments.inspectorId))
      .where(
        and(
          inArray(assignments.status, [...OPEN_WORK]),
          lt(assignments.dueOn, dueBefore),
          notClaimed('assignment_overdue', ruleId, assignments.id, assignments.dueOn),
        ),
      )
      .orderBy(asc(assignments.dueOn), asc(assignments.id))
      .limit(BATCH);
  }

  /** Corrective actions open and due before `dueBefore`, not yet escalated by this rule. */
  async overdueActions(ruleId: string, dueBefore: string) {
    return this.db
      .select({
        id: correctiveActions.id,
        title: correctiveActions.title,
        dueOn: correctiveActions.dueOn,
        ownerId: correctiveActions.ownerId,
        // A client owner (issue 20) is told with the portal's link.
        ownerIsClient: sql<boolean>`exists (select 1 from ${users} o where o.id = ${correctiveActions.ownerId} and o.user_type = 'client')`,
        siteName: sites.name,
        siteCode: sites.siteCode,
      })
      .from(correctiveActions)
      .innerJoin(sites, eq(sites.id, correctiveActions.siteId))
      .where(
        and(
          inArray(correctiveActions.status, [...OPEN_ACTIONS]),
          lt(correctiveActions.dueOn, dueBefore),
          notClaimed('action_overdue', ruleId, correctiveActions.id, correctiveActions.dueOn),
        ),
      )
      .orderBy(asc(correctiveActions.dueOn), asc(correctiveActions.id))
      .limit(BATCH);
  }

  /**
   * Sites with a client where units became overdue lately (next due in [from, today)): the latest
   * such due date, and how many units. The client hears of each site at most once a day (issue 20).
   */
  async newlyOverdueClientSites(from: string, today: string) {
    return this.db
      .select({
        siteId: sites.id,
        siteName: sites.name,
        siteCode: sites.siteCode,
        clientId: sql<number>`${sites.clientId}`,
        latestDue: sql<string>`max(${equipment.nextDueOn})::text`,
        units: sql<number>`count(*)::int`,
      })
      .from(equipment)
      .innerJoin(sites, eq(sites.id, equipment.siteId))
      .where(and(gte(equipment.nextDueOn, from), lt(equipment.nextDueOn, today), isNotNull(sites.clientId)))
      .groupBy(sites.id)
      .orderBy(asc(sites.id))
      .limit(BATCH);
  }
}
