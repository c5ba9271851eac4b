import {
  type AnswerValue,
  computeNextDueOn,
  type TemplateContent,
  type TemplateItem,
  templateContentSchema,
  type UnitAnswers,
} from '@inspecta/contract';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { type FileStorage, generateFileName } from '../core/files/file-storage.js';
import { fileUrl } from '../core/files/file-urls.js';
import { loadSharp } from '../core/files/image-processing.js';
import type { Transaction } from '../db/database.js';
import {
  assignmentEquipment,
  assignments,
  equipment,
  equipmentTypes,
  inspections,
  inspectionUnits,
  sites,
  templateEquipmentTypes,
  templates,
  templateVersions,
  users,
} from '../db/schema.js';
import { buildInspectionRecord } from '../modules/inspections/index.js';

const DAY = 86_400_000;
const HISTORY_DAYS = 182;
const INSPECTIONS = 320;
/** Share of inspections with at least one failed check. */
const FAILURE_RATE = 0.17;
/** A site visit covers at most this many units of the template's equipment types. */
const MAX_UNITS_PER_VISIT = 8;
const ROWS_PER_INSERT = 100;

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

const PASS_REMARKS = [
  'All units in good order. Next visit as per schedule.',
  'Units checked and tagged. Access provided by the facility manager.',
  null,
  null,
  'Minor housekeeping advised around the units; no defects.',
];
const FAIL_FOLLOW_UPS = [
  'Client informed on site; re-inspection to be scheduled after the repair.',
  'Facility manager notified; the unit is tagged out of service until repaired.',
  'Replacement ordered by the client; follow-up visit requested within two weeks.',
];
const TEXT_NOTES = ['No issues observed.', 'Checked with the facility manager present.', 'Tag updated.'];

type Random = () => number;

function chunks<T>(rows: T[], size = ROWS_PER_INSERT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Whether an item has a failure rule that an answer can trigger. */
function canFail(item: TemplateItem): boolean {
  switch (item.type) {
    case 'pass_fail':
      return true;
    case 'yes_no_na':
      return item.failWhen.answers.length > 0;
    case 'number':
      return item.min !== null || item.max !== null;
    case 'select':
    case 'multi_select':
      return item.failWhen.options.length > 0;
    default:
      return false;
  }
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** A plausible answer: passing unless `fail`, in the shape the inspector app sends. */
function answerFor(
  item: TemplateItem,
  fail: boolean,
  random: Random,
  day: Date,
  images: DemoImages,
): AnswerValue | undefined {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  switch (item.type) {
    case 'pass_fail':
      return fail ? 'fail' : 'pass';
    case 'yes_no_na': {
      if (fail) return pick(item.failWhen.answers);
      const ok = (['yes', 'no', 'na'] as const).filter((a) => !item.failWhen.answers.includes(a));
      return ok.includes('yes') ? (random() < 0.94 || !ok.includes('na') ? 'yes' : 'na') : ok[0];
    }
    case 'number': {
      const { min, max } = item;
      if (fail)
        return min !== null ? round1(min * (0.6 + random() * 0.3)) : round1(max! * (1.1 + random() * 0.3));
      if (min !== null && max !== null) return round1(min + (max - min) * (0.25 + random() * 0.5));
      if (min !== null) return round1(min * (1.1 + random() * 0.5));
      if (max !== null) return round1(max * (0.4 + random() * 0.5));
      return Math.round(1 + random() * 50);
    }
    case 'select': {
      if (fail) return pick(item.failWhen.options);
      const ok = item.options.filter((o) => !item.failWhen.options.includes(o));
      return ok.length ? (random() < 0.85 ? ok[0]! : pick(ok)) : undefined;
    }
    case 'multi_select': {
      const ok = item.options.filter((o) => !item.failWhen.options.includes(o));
      if (fail) return [...(ok.length ? [ok[0]!] : []), pick(item.failWhen.options)];
      return ok.length ? [ok[0]!] : [];
    }
    case 'text':
      return item.required || random() < 0.3 ? pick(TEXT_NOTES) : undefined;
    case 'date':
      return isoDate(new Date(day.getTime() - Math.floor(random() * 20) * DAY));
    case 'photo':
      return item.required || random() < 0.4 ? [pick(images.photos)] : undefined;
    case 'signature':
      return pick(images.signatures);
  }
}

interface DemoImages {
  photos: string[];
  signatures: string[];
}

/**
 * A few site photos and signatures shared by the demo inspections (drawn, not real photos), saved to
 * the upload storage when there is one. Without storage (tests) the answers still carry URLs, which
 * the detail and the report show as missing files.
 */
async function demoImages(storage: FileStorage | undefined): Promise<DemoImages> {
  const photos = ['#b03a2e', '#1f618d', '#b9770e', '#117864'].map(
    (colour, i) => `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
      <defs><linearGradient id="w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e8ecef"/><stop offset="1" stop-color="#c9d1d8"/></linearGradient></defs>
      <rect width="640" height="480" fill="url(#w)"/><rect y="380" width="640" height="100" fill="#8d99a6"/>
      <rect x="270" y="${120 + i * 6}" width="100" height="${240 - i * 6}" rx="30" fill="${colour}"/>
      <rect x="300" y="${90 + i * 6}" width="40" height="40" rx="6" fill="#34495e"/>
      <rect x="292" y="${200 + i * 4}" width="56" height="44" fill="#fdfefe"/>
      <circle cx="320" cy="${222 + i * 4}" r="12" fill="none" stroke="#2e4053" stroke-width="4"/>
    </svg>`,
  );
  const signatures = [
    'M10 80 C 40 10, 65 10, 95 80 S 150 150, 180 60 S 230 20, 260 90 L 300 70',
    'M15 90 Q 60 20 90 70 T 160 60 Q 190 110 230 40 T 300 80',
    'M20 60 C 50 120, 80 0, 110 70 C 130 110, 170 20, 200 80 C 220 110, 260 40, 300 60',
  ].map(
    (d) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="130"><path d="${d}" fill="none" stroke="#1b2631" stroke-width="4" stroke-linecap="round"/></svg>`,
  );
  const save = async (svg: string) => {
    const name = generateFileName('webp');
    const sharp = await loadSharp();
    if (storage) await storage.save(name, await sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer());
    return fileUrl(name);
  };
  return {
    photos: await Promise.all(photos.map(save)),
    signatures: await Promise.all(signatures.map(save)),
  };
}

/**
 * Six months of completed inspections for the demo company, written exactly as submit writes them:
 * a completed assignment with its units, the inspection (answers, results by `evaluateTemplate`,
 * counts) and its inspection_units rows; then each unit's last inspection and next due date follow
 * from its latest inspection (the equipment due-date rule). Mostly passes; about one in six has
 * failed checks on a unit. Deterministic for a given day; bulk inserts keep first start quick.
 */
export async function loadDemoInspections(
  tx: Transaction,
  adminId: number,
  today: Date,
  random: Random,
  storage?: FileStorage,
): Promise<void> {
  const inspectors = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.userType, 'inspector'), eq(users.status, 'active'), isNull(users.deletedAt)))
    .orderBy(asc(users.id));
  const published = await tx
    .select({
      id: templates.id,
      version: templates.publishedVersion,
      categoryId: templates.categoryId,
      content: templateVersions.content,
    })
    .from(templates)
    .innerJoin(
      templateVersions,
      and(
        eq(templateVersions.templateId, templates.id),
        eq(templateVersions.version, templates.publishedVersion),
      ),
    )
    .where(and(eq(templates.status, 'published'), isNotNull(templates.categoryId)))
    .orderBy(asc(templates.id));
  const typeLinks = await tx.select().from(templateEquipmentTypes);
  const units = await tx
    .select({
      id: equipment.id,
      siteId: equipment.siteId,
      typeId: equipment.equipmentTypeId,
      assetTag: equipment.assetTag,
      status: equipment.status,
      installedOn: equipment.installedOn,
      lastInspectedAt: equipment.lastInspectedAt,
      createdAt: equipment.createdAt,
      interval: equipmentTypes.inspectionIntervalDays,
    })
    .from(equipment)
    .innerJoin(equipmentTypes, eq(equipmentTypes.id, equipment.equipmentTypeId))
    .innerJoin(sites, eq(sites.id, equipment.siteId))
    .where(and(eq(equipment.status, 'in_service'), eq(sites.status, 'active')))
    .orderBy(asc(equipment.id));
  if (!inspectors.length || !published.length || !units.length) return;

  // Each template with the sites that have units of its types, and those units.
  const plans = published.flatMap((t) => {
    const types = new Set(typeLinks.filter((l) => l.templateId === t.id).map((l) => l.equipmentTypeId));
    const bySite = new Map<number, typeof units>();
    for (const unit of units) {
      if (types.size && !types.has(unit.typeId)) continue;
      const list = bySite.get(unit.siteId) ?? [];
      list.push(unit);
      bySite.set(unit.siteId, list);
    }
    const content: TemplateContent = templateContentSchema.parse(t.content);
    return bySite.size ? [{ template: t, content, sites: [...bySite.entries()] }] : [];
  });
  if (!plans.length) return;

  const images = await demoImages(storage);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

  interface Planned {
    assignment: typeof assignments.$inferInsert;
    unitIds: number[];
    answers: UnitAnswers[];
    remarks: string | null;
    content: TemplateContent;
    completedAt: Date;
    startedAt: Date;
  }
  const planned: Planned[] = [];
  for (let i = 0; i < INSPECTIONS; i++) {
    // Evenly over the last six months, on working hours in India (04:00–12:00 UTC).
    const dayOffset = Math.floor(HISTORY_DAYS - ((i + random()) * HISTORY_DAYS) / INSPECTIONS) + 1;
    const day = new Date(today.getTime() - dayOffset * DAY);
    const completedAt = new Date(
      Date.UTC(
        day.getUTCFullYear(),
        day.getUTCMonth(),
        day.getUTCDate(),
        4 + Math.floor(random() * 8),
        Math.floor(random() * 60),
      ),
    );
    const startedAt = new Date(completedAt.getTime() - (25 + Math.floor(random() * 140)) * 60_000);
    const plan = pick(plans);
    const [siteId, siteUnits] = pick(plan.sites);
    const start = Math.floor(random() * siteUnits.length);
    const visit = [...siteUnits.slice(start), ...siteUnits.slice(0, start)].slice(0, MAX_UNITS_PER_VISIT);
    visit.sort((a, b) => a.id - b.id);
    const inspector = pick(inspectors);

    const failing = new Map<number, Set<string>>();
    if (random() < FAILURE_RATE) {
      const candidates = plan.content.sections.flatMap((s) => s.items.filter(canFail));
      const failedUnits = random() < 0.25 && visit.length > 1 ? 2 : 1;
      for (let f = 0; f < failedUnits && candidates.length; f++) {
        const unit = pick(visit);
        const keys = failing.get(unit.id) ?? new Set<string>();
        keys.add(pick(candidates).key);
        if (random() < 0.3) keys.add(pick(candidates).key);
        failing.set(unit.id, keys);
      }
    }
    const answers: UnitAnswers[] = visit.map((unit) => {
      const values: Record<string, AnswerValue> = {};
      for (const section of plan.content.sections)
        for (const item of section.items) {
          const value = answerFor(
            item,
            failing.get(unit.id)?.has(item.key) ?? false,
            random,
            completedAt,
            images,
          );
          if (value !== undefined) values[item.key] = value;
        }
      return { equipmentId: unit.id, answers: values };
    });

    let remarks: string | null;
    if (failing.size) {
      const [unitId, keys] = [...failing.entries()][0]!;
      const item = plan.content.sections.flatMap((s) => s.items).find((it) => keys.has(it.key));
      const tag = visit.find((u) => u.id === unitId)?.assetTag ?? '';
      remarks = `${item?.label ?? 'A check'} failed on ${tag}. ${pick(FAIL_FOLLOW_UPS)}`;
    } else remarks = pick(PASS_REMARKS);

    const scheduled = new Date(completedAt.getTime() - Math.floor(random() * 3) * DAY);
    planned.push({
      assignment: {
        siteId,
        inspectorId: inspector.id,
        categoryId: plan.template.categoryId!,
        templateId: plan.template.id,
        templateVersion: plan.template.version!,
        status: 'completed',
        priority: (['normal', 'normal', 'high', 'low', 'normal', 'urgent'] as const)[i % 6],
        scheduledFor: isoDate(scheduled),
        dueOn: isoDate(new Date(scheduled.getTime() + (3 + (i % 4) * 2) * DAY)),
        startedAt,
        completedAt,
        createdBy: adminId,
        createdAt: new Date(scheduled.getTime() - 10 * DAY),
        updatedAt: completedAt,
      },
      unitIds: visit.map((u) => u.id),
      answers,
      remarks,
      content: plan.content,
      completedAt,
      startedAt,
    });
  }

  const assignmentIds: number[] = [];
  for (const batch of chunks(planned))
    assignmentIds.push(
      ...(
        await tx
          .insert(assignments)
          .values(batch.map((p) => p.assignment))
          .returning({ id: assignments.id })
      ).map((r) => r.id),
    );
  for (const batch of chunks(
    planned.flatMap((p, n) =>
      p.unitIds.map((equipmentId) => ({ assignmentId: assignmentIds[n]!, equipmentId })),
    ),
    1000,
  ))
    await tx.insert(assignmentEquipment).values(batch);

  const records = planned.map((p) => buildInspectionRecord(p.content, p.answers));
  const inspectionIds: number[] = [];
  for (let from = 0; from < planned.length; from += ROWS_PER_INSERT) {
    const rows = planned.slice(from, from + ROWS_PER_INSERT).map((p, k) => {
      const n = from + k;
      const record = records[n]!;
      return {
        assignmentId: assignmentIds[n]!,
        siteId: p.assignment.siteId,
        inspectorId: p.assignment.inspectorId,
        categoryId: p.assignment.categoryId,
        templateId: p.assignment.templateId,
        templateVersion: p.assignment.templateVersion,
        status: 'completed' as const,
        result: record.result,
        answers: { units: p.answers, remarks: p.remarks },
        results: record.results,
        remarks: p.remarks,
        failedItems: record.failedItems,
        totalItems: record.totalItems,
        unitCount: record.unitCount,
        startedAt: p.startedAt,
        progressSavedAt: p.completedAt,
        completedAt: p.completedAt,
        createdAt: p.startedAt,
        updatedAt: p.completedAt,
      };
    });
    inspectionIds.push(
      ...(await tx.insert(inspections).values(rows).returning({ id: inspections.id })).map((r) => r.id),
    );
  }
  const unitRows = planned.flatMap((p, n) =>
    records[n]!.results.map((r) => ({
      inspectionId: inspectionIds[n]!,
      equipmentId: r.equipmentId!,
      result: r.result,
      failedItems: r.items.filter((item) => item.outcome === 'fail').length,
      completedAt: p.completedAt,
    })),
  );
  for (const batch of chunks(unitRows, 1000)) await tx.insert(inspectionUnits).values(batch);

  // Each inspected unit's last inspection is its latest one (unless a later one predates Inspecta's
  // records), and its next due date follows from it by the equipment rule.
  const latest = new Map<number, Date>();
  for (const p of planned)
    for (const id of p.unitIds)
      if ((latest.get(id)?.getTime() ?? 0) < p.completedAt.getTime()) latest.set(id, p.completedAt);
  const updates = units.flatMap((unit) => {
    const at = latest.get(unit.id);
    if (!at || (unit.lastInspectedAt && unit.lastInspectedAt >= at)) return [];
    const nextDueOn = computeNextDueOn({
      status: unit.status,
      lastInspectedAt: at,
      installedOn: unit.installedOn,
      createdAt: unit.createdAt,
      inspectionIntervalDays: unit.interval,
    });
    return [sql`(${unit.id}::int, ${at.toISOString()}::timestamptz, ${nextDueOn}::date)`];
  });
  for (const batch of chunks(updates, 500))
    await tx.execute(sql`
      update ${equipment} as e set last_inspected_at = v.at, next_due_on = v.due
      from (values ${sql.join(batch, sql`, `)}) as v(id, at, due)
      where e.id = v.id`);
}
