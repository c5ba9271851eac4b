import { LIST_COUNT_CAP } from '@inspecta/contract';
import { and, asc, count, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { withFields } from '../../core/with-fields.js';
import type { Executor } from '../../db/database.js';
import { containsPattern, countCapped } from '../../db/query-helpers.js';
import {
  assignmentEquipment,
  assignments,
  equipment,
  equipmentTypes,
  inspectionCategories,
  scheduleOccurrences,
  schedules,
  sites,
  templates,
  users,
} from '../../db/schema.js';
import type { PlanUnit } from './schedule-planning.js';

export type ScheduleRow = typeof schedules.$inferSelect;
export type NewScheduleRow = typeof schedules.$inferInsert;
const OPEN_WORK = ['assigned', 'in_progress'] as const;

export class SchedulesRepository {
  constructor(private readonly db: Executor) {}

  async insert(values: NewScheduleRow): Promise<ScheduleRow> {
    const [row] = await this.db.insert(schedules).values(values).returning();
    return row!;
  }

  async update(id: number, values: Partial<NewScheduleRow>): Promise<ScheduleRow> {
    const [row] = await this.db
      .update(schedules)
      .set(withFields(values, { updatedAt: sql`now()` }))
      .where(eq(schedules.id, id))
      .returning();
    return row!;
  }

  async findById(id: number): Promise<ScheduleRow | undefined> {
    const [row] = await this.db.select().from(schedules).where(eq(schedules.id, id));
    return row;
  }

  async lock(id: number): Promise<ScheduleRow | undefined> {
    const [row] = await this.db.select().from(schedules).where(eq(schedules.id, id)).for('update');
    return row;
  }

  /**
   * Claims the planning of one site's schedules for this transaction (schedules of one site may
   * cover the same units); false when another process holds it.
   */
  async tryLockSite(siteId: number): Promise<boolean> {
    const rows = await this.db.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(hashtext('schedule-planning'), ${siteId}::int) as locked`,
    );
    const list =
      (rows as unknown as { rows?: { locked: boolean }[] }).rows ??
      (rows as unknown as { locked: boolean }[]);
    return Boolean(list[0]?.locked);
  }

  async list(
    q: {
      search?: string | undefined;
      status?: ScheduleRow['status'] | undefined;
      siteId?: number | undefined;
      inspectorId?: number | undefined;
    },
    offset: number,
    limit: number,
  ) {
    const where: SQL[] = [];
    if (q.status) where.push(eq(schedules.status, q.status));
    if (q.siteId) where.push(eq(schedules.siteId, q.siteId));
    if (q.inspectorId) where.push(sql`${q.inspectorId} = any(${schedules.inspectorIds})`);
    if (q.search) {
      const pattern = containsPattern(q.search);
      where.push(
        or(sql`${schedules.name} ilike ${pattern}`, sql`${sites.searchText} like lower(${pattern})`)!,
      );
    }
    const [rows, counted] = await Promise.all([
      this.db
        .select({ schedule: schedules })
        .from(schedules)
        .innerJoin(sites, eq(sites.id, schedules.siteId))
        .where(and(...where))
        .orderBy(asc(schedules.status), asc(schedules.name), asc(schedules.id))
        .offset(offset)
        .limit(limit),
      countCapped(
        this.db,
        sql`${schedules} inner join ${sites} on ${sites.id} = ${schedules.siteId}`,
        and(...where),
        LIST_COUNT_CAP,
      ),
    ]);
    return { rows: rows.map((r) => r.schedule), ...counted };
  }

  async activeIds(): Promise<number[]> {
    const rows = await this.db
      .select({ id: schedules.id })
      .from(schedules)
      .where(eq(schedules.status, 'active'))
      .orderBy(asc(schedules.id));
    return rows.map((r) => r.id);
  }

  async activeForCalendar(siteId: number | undefined): Promise<ScheduleRow[]> {
    return this.db
      .select()
      .from(schedules)
      .where(and(eq(schedules.status, 'active'), siteId ? eq(schedules.siteId, siteId) : undefined))
      .orderBy(asc(schedules.id));
  }

  async sitesByIds(ids: number[]) {
    if (!ids.length) return [];
    return this.db
      .select({ id: sites.id, name: sites.name, siteCode: sites.siteCode, status: sites.status })
      .from(sites)
      .where(inArray(sites.id, ids));
  }

  async typesByIds(ids: number[]) {
    if (!ids.length) return [];
    return this.db
      .select({ id: equipmentTypes.id, name: equipmentTypes.name })
      .from(equipmentTypes)
      .where(inArray(equipmentTypes.id, ids));
  }

  async unitsByIds(ids: number[]) {
    if (!ids.length) return [];
    return this.db
      .select({
        id: equipment.id,
        name: equipment.name,
        assetTag: equipment.assetTag,
        siteId: equipment.siteId,
      })
      .from(equipment)
      .where(inArray(equipment.id, ids));
  }

  async templatesByIds(ids: number[]) {
    if (!ids.length) return [];
    return this.db
      .select({
        id: templates.id,
        name: templates.name,
        status: templates.status,
        publishedVersion: templates.publishedVersion,
        categoryId: templates.categoryId,
        archivedAt: templates.archivedAt,
      })
      .from(templates)
      .where(inArray(templates.id, ids));
  }

  async category(id: number) {
    const [row] = await this.db
      .select({
        id: inspectionCategories.id,
        name: inspectionCategories.name,
        colour: inspectionCategories.colour,
        active: inspectionCategories.active,
      })
      .from(inspectionCategories)
      .where(eq(inspectionCategories.id, id));
    return row;
  }

  async people(ids: number[]) {
    if (!ids.length) return [];
    return this.db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        userType: users.userType,
        status: users.status,
        deletedAt: users.deletedAt,
      })
      .from(users)
      .where(inArray(users.id, ids));
  }

  /** Open assignments per inspector (the least-loaded choice). */
  async openWork(inspectorIds: number[]): Promise<Map<number, number>> {
    if (!inspectorIds.length) return new Map();
    const rows = await this.db
      .select({ id: assignments.inspectorId, n: count() })
      .from(assignments)
      .where(and(inArray(assignments.inspectorId, inspectorIds), inArray(assignments.status, [...OPEN_WORK])))
      .groupBy(assignments.inspectorId);
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  }

  /** The units a schedule covers (with what planning needs), by scope. */
  async unitsInScope(
    s: Pick<ScheduleRow, 'siteId' | 'scope' | 'equipmentTypeIds' | 'equipmentIds'>,
  ): Promise<PlanUnit[]> {
    const where: SQL[] = [eq(equipment.siteId, s.siteId)];
    if (s.scope === 'types')
      where.push(inArray(equipment.equipmentTypeId, s.equipmentTypeIds.length ? s.equipmentTypeIds : [0]));
    if (s.scope === 'units') where.push(inArray(equipment.id, s.equipmentIds.length ? s.equipmentIds : [0]));
    return this.db
      .select({
        id: equipment.id,
        name: equipment.name,
        assetTag: equipment.assetTag,
        equipmentTypeId: equipment.equipmentTypeId,
        status: equipment.status,
        nextDueOn: equipment.nextDueOn,
        lastInspectedAt: equipment.lastInspectedAt,
        installedOn: equipment.installedOn,
        createdAt: equipment.createdAt,
        typeIntervalDays: equipmentTypes.inspectionIntervalDays,
        typeDefaultTemplateId: equipmentTypes.defaultTemplateId,
      })
      .from(equipment)
      .innerJoin(equipmentTypes, eq(equipmentTypes.id, equipment.equipmentTypeId))
      .where(and(...where))
      .orderBy(asc(equipment.id));
  }

  /** Units (of these) already on open work, whoever created it. */
  async unitsOnOpenWork(unitIds: number[]): Promise<Set<number>> {
    if (!unitIds.length) return new Set();
    const rows = await this.db
      .selectDistinct({ id: assignmentEquipment.equipmentId })
      .from(assignmentEquipment)
      .innerJoin(assignments, eq(assignments.id, assignmentEquipment.assignmentId))
      .where(
        and(inArray(assignmentEquipment.equipmentId, unitIds), inArray(assignments.status, [...OPEN_WORK])),
      );
    return new Set(rows.map((r) => r.id));
  }

  /** `${equipmentId}:${due}` of this schedule's occurrences on or after `from`. */
  async occurrenceKeys(scheduleId: number, from: string): Promise<Set<string>> {
    const rows = await this.db
      .select({ equipmentId: scheduleOccurrences.equipmentId, dueOn: scheduleOccurrences.dueOn })
      .from(scheduleOccurrences)
      .where(and(eq(scheduleOccurrences.scheduleId, scheduleId), gte(scheduleOccurrences.dueOn, from)));
    return new Set(rows.map((r) => `${r.equipmentId}:${r.dueOn}`));
  }

  /** Inserts the claims; answers how many were new (the rest were there already). */
  async insertOccurrences(values: (typeof scheduleOccurrences.$inferInsert)[]): Promise<number> {
    if (!values.length) return 0;
    const rows = await this.db
      .insert(scheduleOccurrences)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: scheduleOccurrences.assignmentId });
    return rows.length;
  }

  async createdCounts(ids: number[]): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .select({
        id: scheduleOccurrences.scheduleId,
        n: sql<number>`count(distinct ${scheduleOccurrences.assignmentId})::int`,
      })
      .from(scheduleOccurrences)
      .where(inArray(scheduleOccurrences.scheduleId, ids))
      .groupBy(scheduleOccurrences.scheduleId);
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  }

  async recentAssignments(scheduleId: number, limit: number) {
    return this.db
      .select({
        id: assignments.id,
        status: assignments.status,
        dueOn: assignments.dueOn,
        inspector: { id: users.id, firstName: users.firstName, lastName: users.lastName },
        unitCount: sql<number>`(select count(*)::int from ${assignmentEquipment} ae where ae.assignment_id = ${assignments.id})`,
      })
      .from(assignments)
      .innerJoin(users, eq(users.id, assignments.inspectorId))
      .where(
        sql`${assignments.id} in (select o.assignment_id from ${scheduleOccurrences} o where o.schedule_id = ${scheduleId})`,
      )
      .orderBy(desc(assignments.id))
      .limit(limit);
  }

  /** Open assignments due in the range (the calendar's assigned work), with their schedule if any. */
  async openWorkBetween(
    from: string,
    to: string,
    inspectorId: number | undefined,
    siteId: number | undefined,
  ) {
    return this.db
      .select({
        id: assignments.id,
        status: assignments.status,
        dueOn: assignments.dueOn,
        scheduleId: sql<
          number | null
        >`(select min(o.schedule_id) from ${scheduleOccurrences} o where o.assignment_id = ${assignments.id})`,
        site: { id: sites.id, name: sites.name, siteCode: sites.siteCode },
        inspector: { id: users.id, firstName: users.firstName, lastName: users.lastName },
        unitCount: sql<number>`(select count(*)::int from ${assignmentEquipment} ae where ae.assignment_id = ${assignments.id})`,
      })
      .from(assignments)
      .innerJoin(sites, eq(sites.id, assignments.siteId))
      .innerJoin(users, eq(users.id, assignments.inspectorId))
      .where(
        and(
          inArray(assignments.status, [...OPEN_WORK]),
          lte(assignments.dueOn, to),
          gte(assignments.dueOn, from),
          inspectorId ? eq(assignments.inspectorId, inspectorId) : undefined,
          siteId ? eq(assignments.siteId, siteId) : undefined,
        ),
      )
      .orderBy(asc(assignments.dueOn), asc(assignments.id))
      .limit(5000);
  }

  async markRun(id: number, at: Date): Promise<void> {
    await this.db.update(schedules).set({ lastRunAt: at }).where(eq(schedules.id, id));
  }
}
