import { addDays, earlierDate, laterDate, type ScheduleIntervalUnit, utcDateOf } from '@inspecta/contract';

/**
 * The planning rules of a schedule, without the database: when each unit is next due under the
 * schedule, when its assignment is created (lead time), and the occurrences of a period (preview
 * and calendar), assuming each inspection is done on its due date.
 */

export interface PlanUnit {
  id: number;
  name: string;
  assetTag: string;
  equipmentTypeId: number;
  status: 'in_service' | 'out_of_service' | 'retired';
  nextDueOn: string | null;
  lastInspectedAt: Date | null;
  installedOn: string | null;
  createdAt: Date;
  typeIntervalDays: number;
  typeDefaultTemplateId: number | null;
}

export interface PlanRules {
  templateId: number | null;
  intervalUnit: ScheduleIntervalUnit;
  intervalCount: number | null;
  leadDays: number;
  startsOn: string;
  endsOn: string | null;
}

/** `date` plus the schedule's interval (or the unit type's own interval). */
export function nextInterval(date: string, rules: PlanRules, unit: PlanUnit): string {
  const n = rules.intervalCount ?? 1;
  if (rules.intervalUnit === 'type') return addDays(date, unit.typeIntervalDays);
  if (rules.intervalUnit === 'days') return addDays(date, n);
  if (rules.intervalUnit === 'weeks') return addDays(date, 7 * n);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + n, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/**
 * The unit's next due date under the schedule: its own next due date (type interval), or its last
 * inspection (else installation, else registration) plus the schedule's interval; never before the
 * schedule starts; null when it is not in service or due after the schedule ends.
 */
export function dueOf(unit: PlanUnit, rules: PlanRules): string | null {
  if (unit.status !== 'in_service') return null;
  let due: string | null;
  if (rules.intervalUnit === 'type') due = unit.nextDueOn;
  else {
    const base = unit.lastInspectedAt
      ? utcDateOf(unit.lastInspectedAt)
      : (unit.installedOn ?? utcDateOf(unit.createdAt));
    due = nextInterval(base, rules, unit);
  }
  if (!due) return null;
  if (due < rules.startsOn) due = rules.startsOn;
  if (rules.endsOn && due > rules.endsOn) return null;
  return due;
}

/** The day the job creates the assignment for a due date (lead time before it, not before today). */
export function createOnFor(due: string, rules: PlanRules, today: string): string {
  const at = addDays(due, -rules.leadDays);
  return laterDate(at, today);
}

export interface Occurrence {
  unit: PlanUnit;
  /** The due date under the schedule (the once-only key with the unit). */
  due: string;
  /** The assignment's due date: the due date, or today when that has passed. */
  dueOn: string;
  createOn: string;
  scheduledFor: string;
}

/** The unit's occurrence as of today: due (or past due) within the lead time. */
export function occurrenceNow(unit: PlanUnit, rules: PlanRules, today: string): Occurrence | null {
  const due = dueOf(unit, rules);
  if (!due || addDays(due, -rules.leadDays) > today) return null;
  const dueOn = laterDate(due, today);
  return {
    unit,
    due,
    dueOn,
    createOn: today,
    scheduledFor: earlierDate(createOnFor(due, rules, today), dueOn),
  };
}

/**
 * What the schedule will create from `today` to `until` (by creation day), assuming every
 * inspection is completed on its due date (the next is then planned from it). `skip(unit, due)`
 * leaves out occurrences that exist already.
 */
export function occurrencesUntil(
  units: readonly PlanUnit[],
  rules: PlanRules,
  today: string,
  until: string,
  skip: (unit: PlanUnit, due: string) => boolean = () => false,
): Occurrence[] {
  const out: Occurrence[] = [];
  for (const unit of units) {
    let due = dueOf(unit, rules);
    let guard = 0;
    while (due && guard++ < 400) {
      const createOn = createOnFor(due, rules, today);
      if (createOn > until) break;
      if (rules.endsOn && due > rules.endsOn) break;
      if (!skip(unit, due)) {
        const dueOn = laterDate(due, today);
        out.push({ unit, due, dueOn, createOn, scheduledFor: earlierDate(createOn, dueOn) });
      }
      const next = nextInterval(laterDate(due, today), rules, unit);
      if (next <= due) break;
      due = next;
    }
  }
  return out.sort(
    (a, b) => a.createOn.localeCompare(b.createOn) || a.dueOn.localeCompare(b.dueOn) || a.unit.id - b.unit.id,
  );
}

/** Occurrences grouped into assignments: one per (template, creation day, due date). */
export function groupOccurrences<T extends Occurrence>(
  occurrences: readonly T[],
  templateOf: (unit: PlanUnit) => number | null,
): Array<{ templateId: number; createOn: string; dueOn: string; scheduledFor: string; items: T[] }> {
  const groups = new Map<
    string,
    { templateId: number; createOn: string; dueOn: string; scheduledFor: string; items: T[] }
  >();
  for (const o of occurrences) {
    const templateId = templateOf(o.unit);
    if (templateId === null) continue;
    const key = `${templateId}|${o.createOn}|${o.dueOn}`;
    const group = groups.get(key) ?? {
      templateId,
      createOn: o.createOn,
      dueOn: o.dueOn,
      scheduledFor: o.scheduledFor,
      items: [],
    };
    group.items.push(o);
    groups.set(key, group);
  }
  return [...groups.values()];
}
