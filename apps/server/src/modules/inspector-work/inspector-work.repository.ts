import { and, asc, desc, eq, gt, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import { withFields } from '../../core/with-fields.js';
import type { Executor } from '../../db/database.js';
import {
  assignmentEquipment,
  assignments,
  auditEvents,
  equipment,
  equipmentTypes,
  inspectionCategories,
  inspections,
  inspectionUnits,
  sites,
  templates,
  templateVersions,
  users,
} from '../../db/schema.js';

export type AssignmentRow = typeof assignments.$inferSelect;
export type InspectionRow = typeof inspections.$inferSelect;

export type InspectorView = 'today' | 'upcoming' | 'overdue' | 'all';

/** The audit action that records an inspector's upload; it doubles as the file's owner record. */
export const UPLOAD_AUDIT_ACTION = 'inspection.file_uploaded';

export interface InspectorAssignmentRow {
  assignment: AssignmentRow;
  site: {
    id: number;
    name: string;
    siteCode: string;
    addressLine1: string | null;
    addressLine2: string | null;
    city: string | null;
    pincode: string | null;
    contactName: string | null;
    contactPhone: string | null;
  };
  category: { id: number; name: string; colour: string };
  template: { id: number; name: string };
  unitCount: number;
}

export interface AssignmentUnitRow {
  id: number;
  name: string;
  assetTag: string;
  serialNumber: string | null;
  type: string | null;
  location: string | null;
}

const OPEN = ['assigned', 'in_progress'] as const;

const unitCount = sql<number>`(select count(*)::int from ${assignmentEquipment} ae where ae.assignment_id = ${assignments.id})`;

/** The inspector's side of assignments: their open work, the form's data, progress and the submit. */
export class InspectorWorkRepository {
  constructor(private readonly db: Executor) {}

  private selectAssignments() {
    return this.db
      .select({
        assignment: assignments,
        site: {
          id: sites.id,
          name: sites.name,
          siteCode: sites.siteCode,
          addressLine1: sites.addressLine1,
          addressLine2: sites.addressLine2,
          city: sites.city,
          pincode: sites.pincode,
          contactName: sites.contactName,
          contactPhone: sites.contactPhone,
        },
        category: {
          id: inspectionCategories.id,
          name: inspectionCategories.name,
          colour: inspectionCategories.colour,
        },
        template: { id: templates.id, name: templates.name },
        unitCount,
      })
      .from(assignments)
      .innerJoin(sites, eq(sites.id, assignments.siteId))
      .innerJoin(inspectionCategories, eq(inspectionCategories.id, assignments.categoryId))
      .innerJoin(templates, eq(templates.id, assignments.templateId));
  }

  /**
   * The inspector's open work (assigned or in progress) in one view: overdue (due before today),
   * today (scheduled on or before today and not overdue), upcoming (scheduled after today), or all.
   * Served by assignments_inspector_status_idx; soonest due first, so overdue work leads.
   */
  async listOpen(inspectorId: number, view: InspectorView, today: string): Promise<InspectorAssignmentRow[]> {
    const conditions: SQL[] = [
      eq(assignments.inspectorId, inspectorId),
      inArray(assignments.status, [...OPEN]),
    ];
    if (view === 'overdue') conditions.push(lt(assignments.dueOn, today));
    if (view === 'today')
      conditions.push(lte(assignments.scheduledFor, today), gte(assignments.dueOn, today));
    if (view === 'upcoming')
      conditions.push(gt(assignments.scheduledFor, today), gte(assignments.dueOn, today));
    const priorityRank = sql`case ${assignments.priority} when 'urgent' then 4 when 'high' then 3 when 'normal' then 2 else 1 end`;
    return this.selectAssignments()
      .where(and(...conditions))
      .orderBy(asc(assignments.dueOn), desc(priorityRank), asc(assignments.scheduledFor), asc(assignments.id))
      .limit(500);
  }

  /** The inspector's open assignment covering a unit: one in progress first, then the soonest due. */
  async openAssignmentForUnit(inspectorId: number, equipmentId: number) {
    const [row] = await this.db
      .select({
        assignmentId: assignments.id,
        unit: { id: equipment.id, name: equipment.name, assetTag: equipment.assetTag },
      })
      .from(assignmentEquipment)
      .innerJoin(assignments, eq(assignments.id, assignmentEquipment.assignmentId))
      .innerJoin(equipment, eq(equipment.id, assignmentEquipment.equipmentId))
      .where(
        and(
          eq(assignmentEquipment.equipmentId, equipmentId),
          eq(assignments.inspectorId, inspectorId),
          inArray(assignments.status, [...OPEN]),
        ),
      )
      .orderBy(
        sql`case ${assignments.status} when 'in_progress' then 0 else 1 end`,
        asc(assignments.dueOn),
        asc(assignments.id),
      )
      .limit(1);
    return row;
  }

  /** The site's client, who is told when a report of its site is ready (the portal). */
  async siteClientId(siteId: number): Promise<number | null> {
    const [row] = await this.db.select({ clientId: sites.clientId }).from(sites).where(eq(sites.id, siteId));
    return row?.clientId ?? null;
  }

  async findAssignment(id: number): Promise<InspectorAssignmentRow | undefined> {
    const [row] = await this.selectAssignments().where(eq(assignments.id, id)).limit(1);
    return row;
  }

  async lockAssignment(id: number): Promise<AssignmentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(assignments)
      .where(eq(assignments.id, id))
      .for('update')
      .limit(1);
    return row;
  }

  async updateAssignment(id: number, values: Partial<typeof assignments.$inferInsert>): Promise<void> {
    await this.db
      .update(assignments)
      .set(withFields(values, { updatedAt: sql`now()` }))
      .where(eq(assignments.id, id));
  }

  /** The assignment's units, by asset tag, with what the inspector needs to find them. */
  async units(assignmentId: number): Promise<AssignmentUnitRow[]> {
    return this.db
      .select({
        id: equipment.id,
        name: equipment.name,
        assetTag: equipment.assetTag,
        serialNumber: equipment.serialNumber,
        type: equipmentTypes.name,
        location: equipment.location,
      })
      .from(assignmentEquipment)
      .innerJoin(equipment, eq(equipment.id, assignmentEquipment.equipmentId))
      .leftJoin(equipmentTypes, eq(equipmentTypes.id, equipment.equipmentTypeId))
      .where(eq(assignmentEquipment.assignmentId, assignmentId))
      .orderBy(asc(equipment.assetTag), asc(equipment.id));
  }

  async templateContent(templateId: number, version: number): Promise<unknown> {
    const [row] = await this.db
      .select({ content: templateVersions.content })
      .from(templateVersions)
      .where(and(eq(templateVersions.templateId, templateId), eq(templateVersions.version, version)))
      .limit(1);
    return row?.content;
  }

  async findInspection(assignmentId: number): Promise<InspectionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(inspections)
      .where(eq(inspections.assignmentId, assignmentId))
      .limit(1);
    return row;
  }

  async findInspectionById(id: number): Promise<InspectionRow | undefined> {
    const [row] = await this.db.select().from(inspections).where(eq(inspections.id, id)).limit(1);
    return row;
  }

  async insertInspection(values: typeof inspections.$inferInsert): Promise<InspectionRow> {
    const [row] = await this.db.insert(inspections).values(values).returning();
    return row!;
  }

  async updateInspection(
    id: number,
    values: Partial<typeof inspections.$inferInsert>,
  ): Promise<InspectionRow> {
    const [row] = await this.db
      .update(inspections)
      .set(withFields(values, { updatedAt: sql`now()` }))
      .where(eq(inspections.id, id))
      .returning();
    return row!;
  }

  async insertInspectionUnits(rows: (typeof inspectionUnits.$inferInsert)[]): Promise<void> {
    if (rows.length) await this.db.insert(inspectionUnits).values(rows);
  }

  async equipmentDates(ids: number[]) {
    if (!ids.length) return [];
    return this.db
      .select({
        id: equipment.id,
        lastInspectedAt: equipment.lastInspectedAt,
        nextDueOn: equipment.nextDueOn,
      })
      .from(equipment)
      .where(inArray(equipment.id, ids))
      .orderBy(asc(equipment.id));
  }

  /** Records the inspection on each unit; the caller re-derives the next due dates (equipment's rule). */
  async markInspected(ids: number[], at: Date): Promise<void> {
    if (!ids.length) return;
    await this.db
      .update(equipment)
      .set({ lastInspectedAt: at, updatedAt: sql`now()` })
      .where(inArray(equipment.id, ids));
  }

  /** Which of these stored file names this user uploaded through the inspector upload route. */
  async filesUploadedBy(userId: number, names: string[]): Promise<Set<string>> {
    if (!names.length) return new Set();
    const rows = await this.db
      .selectDistinct({ name: auditEvents.entityId })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityType, 'file'),
          inArray(auditEvents.entityId, names),
          eq(auditEvents.action, UPLOAD_AUDIT_ACTION),
          eq(auditEvents.actorId, userId),
        ),
      );
    return new Set(rows.map((r) => r.name!));
  }

  /** What the submit answer and the notifications name. */
  async summaryRefs(inspectionId: number) {
    const [row] = await this.db
      .select({
        site: {
          id: sites.id,
          name: sites.name,
          siteCode: sites.siteCode,
          city: sites.city,
        },
        client: { firstName: users.firstName, lastName: users.lastName, company: users.company },
      })
      .from(inspections)
      .innerJoin(sites, eq(sites.id, inspections.siteId))
      .leftJoin(users, eq(users.id, sites.clientId))
      .where(eq(inspections.id, inspectionId))
      .limit(1);
    return row;
  }

  async userName(id: number): Promise<string> {
    const [row] = await this.db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    return row ? `${row.firstName} ${row.lastName}`.trim() : '';
  }
}
