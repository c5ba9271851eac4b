import { and, asc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Transaction } from '../db/database.js';
import { assignmentEquipment, assignments, equipment, sites, templates, users } from '../db/schema.js';

const DAY = 86_400_000;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

const NOTES = [
  'Collect the previous service report from the facility manager.',
  'Roof access needs a work permit; call the maintenance lead a day ahead.',
  'Client asked for the visit before 11:00.',
  null,
  null,
  'Check the units flagged in the last visit first.',
];

/**
 * Open work for the demo company: about forty assignments spread over the active inspectors and
 * sites, a few of them overdue, some in progress, a couple cancelled. Deterministic for a given day.
 */
export async function loadDemoAssignments(tx: Transaction, adminId: number, today: Date): Promise<void> {
  const inspectors = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.userType, 'inspector'), eq(users.status, 'active'), isNull(users.deletedAt)))
    .orderBy(asc(users.id));
  const activeSites = await tx
    .select({ id: sites.id })
    .from(sites)
    .where(eq(sites.status, 'active'))
    .orderBy(asc(sites.id));
  const published = await tx
    .select({ id: templates.id, version: templates.publishedVersion, categoryId: templates.categoryId })
    .from(templates)
    .where(
      and(
        eq(templates.status, 'published'),
        isNotNull(templates.publishedVersion),
        isNotNull(templates.categoryId),
      ),
    )
    .orderBy(asc(templates.id));
  if (!inspectors.length || !activeSites.length || !published.length) return;
  const units = await tx
    .select({ id: equipment.id, siteId: equipment.siteId })
    .from(equipment)
    .where(ne(equipment.status, 'retired'))
    .orderBy(asc(equipment.id));

  for (let i = 0; i < 42; i++) {
    const site = activeSites[(i * 7) % activeSites.length]!;
    const inspector = inspectors[(i * 3 + Math.floor(i / 5)) % inspectors.length]!;
    const template = published[i % published.length]!;
    // Spread from three weeks ago to five weeks ahead; the earliest ones are overdue.
    const scheduled = new Date(today.getTime() + (i - 14) * 1.4 * DAY);
    const due = new Date(scheduled.getTime() + (3 + (i % 5) * 2) * DAY);
    const status =
      i % 13 === 5 ? 'cancelled' : i % 4 === 1 && scheduled <= today ? 'in_progress' : 'assigned';
    const siteUnits = units.filter((u) => u.siteId === site.id);
    const chosen = i % 3 === 0 ? siteUnits : siteUnits.filter((_, n) => n % 4 === i % 4);
    const [row] = await tx
      .insert(assignments)
      .values({
        siteId: site.id,
        inspectorId: inspector.id,
        categoryId: template.categoryId!,
        templateId: template.id,
        templateVersion: template.version!,
        status,
        priority: (['normal', 'high', 'normal', 'low', 'urgent', 'normal'] as const)[i % 6],
        scheduledFor: isoDate(scheduled),
        dueOn: isoDate(due),
        notes: NOTES[i % NOTES.length] ?? null,
        startedAt: status === 'in_progress' ? scheduled : null,
        cancelReason:
          status === 'cancelled' ? 'Client rescheduled the shutdown; a new visit will be planned.' : null,
        cancelledAt: status === 'cancelled' ? new Date(today.getTime() - 2 * DAY) : null,
        createdBy: adminId,
        createdAt: new Date(scheduled.getTime() - 10 * DAY),
        updatedAt: new Date(scheduled.getTime() - 10 * DAY),
      })
      .returning({ id: assignments.id });
    if (chosen.length)
      await tx
        .insert(assignmentEquipment)
        .values(chosen.map((u) => ({ assignmentId: row!.id, equipmentId: u.id })));
  }
}
