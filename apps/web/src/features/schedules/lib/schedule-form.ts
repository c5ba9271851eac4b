import type {
  AssignmentPriority,
  CreateScheduleBody,
  Schedule,
  ScheduleIntervalUnit,
  ScheduleScope,
} from '@inspecta/contract';
import { todayIso } from '@/lib/dates';
import { plural } from '@/lib/plural';

/** The schedule form's state: ids as strings (what Mantine's pickers hold), numbers as numbers. */
export interface ScheduleFormValues {
  name: string;
  siteId: string | null;
  scope: ScheduleScope;
  equipmentTypeIds: string[];
  equipmentIds: string[];
  /** '' = each type's default template. */
  templateId: string;
  categoryId: string | null;
  intervalUnit: ScheduleIntervalUnit;
  intervalCount: number | '';
  assigneeMode: 'inspector' | 'least_loaded';
  inspectorId: string | null;
  inspectorIds: string[];
  leadDays: number | '';
  priority: AssignmentPriority;
  startsOn: string;
  endsOn: string;
}

export function emptyScheduleValues(siteId?: number): ScheduleFormValues {
  return {
    name: '',
    siteId: siteId ? String(siteId) : null,
    scope: 'all',
    equipmentTypeIds: [],
    equipmentIds: [],
    templateId: '',
    categoryId: null,
    intervalUnit: 'type',
    intervalCount: '',
    assigneeMode: 'inspector',
    inspectorId: null,
    inspectorIds: [],
    leadDays: 14,
    priority: 'normal',
    startsOn: todayIso(),
    endsOn: '',
  };
}

export function scheduleToValues(s: Schedule): ScheduleFormValues {
  return {
    name: s.name,
    siteId: String(s.site.id),
    scope: s.scope,
    equipmentTypeIds: s.equipmentTypes.map((t) => String(t.id)),
    equipmentIds: s.equipment.map((u) => String(u.id)),
    templateId: s.template ? String(s.template.id) : '',
    categoryId: String(s.category.id),
    intervalUnit: s.intervalUnit,
    intervalCount: s.intervalCount ?? '',
    assigneeMode: s.assigneeMode,
    inspectorId: s.assigneeMode === 'inspector' && s.inspectors[0] ? String(s.inspectors[0].id) : null,
    inspectorIds: s.assigneeMode === 'least_loaded' ? s.inspectors.map((i) => String(i.id)) : [],
    leadDays: s.leadDays,
    priority: s.priority,
    startsOn: s.startsOn,
    endsOn: s.endsOn ?? '',
  };
}

const ids = (values: string[]) => values.map(Number).filter((n) => Number.isInteger(n) && n > 0);

/**
 * The request body for the form's values: only the chosen scope's ids, no count for "each type's own
 * interval", one inspector or the group. The server's schema says what is missing.
 */
export function scheduleBody(v: ScheduleFormValues): CreateScheduleBody {
  return {
    name: v.name.trim(),
    siteId: Number(v.siteId ?? 0),
    scope: v.scope,
    equipmentTypeIds: v.scope === 'types' ? ids(v.equipmentTypeIds) : [],
    equipmentIds: v.scope === 'units' ? ids(v.equipmentIds) : [],
    templateId: v.templateId ? Number(v.templateId) : null,
    categoryId: Number(v.categoryId ?? 0),
    intervalUnit: v.intervalUnit,
    intervalCount: v.intervalUnit === 'type' || v.intervalCount === '' ? null : v.intervalCount,
    assigneeMode: v.assigneeMode,
    inspectorIds:
      v.assigneeMode === 'inspector' ? (v.inspectorId ? ids([v.inspectorId]) : []) : ids(v.inspectorIds),
    leadDays: v.leadDays === '' ? 0 : v.leadDays,
    priority: v.priority,
    startsOn: v.startsOn,
    endsOn: v.endsOn || null,
  };
}

const UNIT_WORDS: Record<Exclude<ScheduleIntervalUnit, 'type'>, [string, string]> = {
  days: ['day', 'days'],
  weeks: ['week', 'weeks'],
  months: ['month', 'months'],
};

/** "Every 3 months", "Every week", "Each type's own interval". */
export function describeInterval(unit: ScheduleIntervalUnit, count: number | null): string {
  if (unit === 'type') return "Each type's own interval";
  const [one, many] = UNIT_WORDS[unit];
  return !count || count === 1 ? `Every ${one}` : `Every ${count} ${many}`;
}

/** "All equipment", "2 types: Fire extinguisher, Hydrant", "3 units". */
export function describeScope(s: Pick<Schedule, 'scope' | 'equipmentTypes' | 'equipment'>): string {
  if (s.scope === 'all') return 'All equipment';
  if (s.scope === 'types')
    return s.equipmentTypes.length === 1
      ? (s.equipmentTypes[0]?.name ?? '1 type')
      : `${s.equipmentTypes.length} types: ${s.equipmentTypes.map((t) => t.name).join(', ')}`;
  return plural(s.equipment.length, 'unit');
}

/** The preview's sentence: "This schedule will create 12 assignments in the next 90 days." */
export function previewSentence(count: number, days: number): string {
  if (count === 0) return `This schedule will create no assignment in the next ${days} days.`;
  return `This schedule will create ${plural(count, 'assignment')} in the next ${days} days.`;
}
