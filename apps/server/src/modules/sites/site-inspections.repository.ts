import type { CompletedInspection, SiteInspector } from '@inspecta/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.js';
import { assignments, equipment, inspections, inspectionUnits, users } from '../../db/schema.js';

/** A site's inspection work as the site screens and the delete rule read it: assignments and inspections. */
export class SiteInspectionsRepository {
  constructor(private readonly db: Executor) {}

  /** Whether any inspection at the site was completed (such a site is deactivated, never deleted). */
  async hasCompletedInspections(siteId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: inspections.id })
      .from(inspections)
      .where(and(eq(inspections.siteId, siteId), eq(inspections.status, 'completed')))
      .limit(1);
    return row !== undefined;
  }

  /** Assigned or in-progress assignments at the site. */
  async openAssignmentCount(siteId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(assignments)
      .where(and(eq(assignments.siteId, siteId), inArray(assignments.status, ['assigned', 'in_progress'])));
    return row?.n ?? 0;
  }

  /** Inspectors with open (assigned or in-progress) assignments at the site. */
  async assignedInspectors(siteId: number): Promise<SiteInspector[]> {
    const open = sql<number>`count(*)::int`;
    const rows = await this.db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
        openAssignments: open,
      })
      .from(assignments)
      .innerJoin(users, eq(users.id, assignments.inspectorId))
      .where(and(eq(assignments.siteId, siteId), inArray(assignments.status, ['assigned', 'in_progress'])))
      .groupBy(users.id)
      .orderBy(asc(users.firstName), asc(users.lastName));
    return rows.map((r) => ({
      id: r.id,
      name: `${r.firstName} ${r.lastName}`.trim(),
      email: r.email,
      phone: r.phone,
      openAssignments: r.openAssignments,
    }));
  }

  /**
   * Completed inspections at the site, newest first (the partial index on site and completion), and
   * how many there are. `equipment` names the unit when the inspection covered exactly one.
   */
  async completedInspections(
    siteId: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: CompletedInspection[]; total: number }> {
    const where = and(eq(inspections.siteId, siteId), eq(inspections.status, 'completed'));
    const inspector = alias(users, 'inspector');
    const [rows, totals] = await Promise.all([
      this.db
        .select({
          id: inspections.id,
          completedAt: inspections.completedAt,
          result: inspections.result,
          remarks: inspections.remarks,
          inspector: { id: inspector.id, firstName: inspector.firstName, lastName: inspector.lastName },
          equipment: { id: equipment.id, name: equipment.name, assetTag: equipment.assetTag },
        })
        .from(inspections)
        .innerJoin(inspector, eq(inspector.id, inspections.inspectorId))
        .leftJoin(
          inspectionUnits,
          and(eq(inspectionUnits.inspectionId, inspections.id), eq(inspections.unitCount, 1)),
        )
        .leftJoin(equipment, eq(equipment.id, inspectionUnits.equipmentId))
        .where(where)
        .orderBy(desc(inspections.completedAt), desc(inspections.id))
        .offset(offset)
        .limit(limit),
      this.db.select({ n: count() }).from(inspections).where(where),
    ]);
    return {
      rows: rows.map((r) => ({
        id: r.id,
        completedAt: (r.completedAt ?? new Date(0)).toISOString(),
        result: r.result ?? 'pass',
        inspector: { id: r.inspector.id, name: `${r.inspector.firstName} ${r.inspector.lastName}`.trim() },
        equipment: r.equipment,
        remarks: r.remarks,
      })),
      total: totals[0]?.n ?? 0,
    };
  }
}
