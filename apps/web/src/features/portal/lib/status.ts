import type { PortalAttentionFilter, PortalUnit, PortalUnitCounts } from '@inspecta/contract';
import { resultColours } from '@/components/ui/result-badge';

/** What a site or unit most needs: a failure first, then overdue, then due soon. */
export type Attention = 'failed' | 'overdue' | 'due_soon' | 'ok';

export function siteAttention(units: PortalUnitCounts): Attention {
  if (units.failed > 0) return 'failed';
  if (units.overdue > 0) return 'overdue';
  if (units.dueSoon > 0) return 'due_soon';
  return 'ok';
}

/** The overview's filter chips, in order. */
export const attentionFilters: { value: PortalAttentionFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'attention', label: 'Needs attention' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'due_soon', label: 'Due soon' },
  { value: 'failed', label: 'Failed' },
];

export function isAttentionFilter(value: string | null): value is PortalAttentionFilter {
  return attentionFilters.some((f) => f.value === value);
}

/**
 * The count badges' colours (AA contrast with white text): in date green, due soon amber, overdue
 * red, failed dark red. Each badge also says what it counts, so colour is never the only signal.
 */
export const countTones = {
  inDate: { color: resultColours.pass, label: 'in date' },
  dueSoon: { color: resultColours.attention, label: 'due soon' },
  overdue: { color: 'var(--mantine-color-red-8)', label: 'overdue' },
  failed: { color: 'var(--mantine-color-red-9)', label: 'failed' },
} as const;

export type CountKey = keyof typeof countTones;

/** A unit's due state in words and colour. */
export function unitDue(unit: Pick<PortalUnit, 'dueStatus' | 'status'>): { label: string; color: string } {
  if (unit.status === 'retired') return { label: 'Retired', color: 'gray.7' };
  switch (unit.dueStatus) {
    case 'overdue':
      return { label: 'Overdue', color: countTones.overdue.color };
    case 'due_soon':
      return { label: 'Due soon', color: countTones.dueSoon.color };
    case 'ok':
      return { label: 'In date', color: countTones.inDate.color };
    default:
      return { label: 'Not scheduled', color: 'gray.7' };
  }
}

/** "1 unit" / "3 units". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-IN')} ${count === 1 ? one : many}`;
}
