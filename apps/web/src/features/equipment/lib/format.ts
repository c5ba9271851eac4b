import {
  type DueStatus,
  dueStatusLabels,
  type EquipmentStatus,
  equipmentStatusLabels,
} from '@inspecta/contract';
import { daysUntil, formatDay } from '@/lib/dates';
import { plural } from '@/lib/plural';

function span(days: number): string {
  if (days < 60) return plural(days, 'day');
  if (days < 730) return `${Math.round(days / 30.4)} months`;
  return `${Math.floor(days / 365)} years`;
}

/** "due today", "in 12 days", "3 days overdue", "4 months overdue". */
export function describeDue(nextDueOn: string, today: string): string {
  const days = daysUntil(nextDueOn, today);
  if (days === 0) return 'due today';
  if (days === 1) return 'due tomorrow';
  return days > 0 ? `in ${span(days)}` : `${span(-days)} overdue`;
}

export const dueLabel = (due: DueStatus | null) => (due ? dueStatusLabels[due] : 'Not tracked');
export const statusLabel = (status: EquipmentStatus) => equipmentStatusLabels[status];

/** How the details drawer names a changed field and an action. */
export const historyFieldLabels: Record<string, string> = {
  siteCode: 'Site',
  typeName: 'Equipment type',
  assetTag: 'Asset tag',
  name: 'Name',
  serialNumber: 'Serial number',
  location: 'Location',
  installedOn: 'Installed on',
  lastInspectedAt: 'Last inspected',
  status: 'Status',
  isCritical: 'Critical',
  nextDueOn: 'Next due',
};

export const historyActionLabels: Record<string, string> = {
  'equipment.created': 'Added',
  'equipment.imported': 'Imported',
  'equipment.updated': 'Edited',
  'equipment.moved': 'Moved to another site',
  'equipment.deleted': 'Deleted',
};

export function historyValue(field: string, value: string | null): string {
  if (value === null) return '—';
  if (field === 'status' && value in equipmentStatusLabels)
    return equipmentStatusLabels[value as EquipmentStatus];
  if (field === 'isCritical') return value === 'true' ? 'Yes' : 'No';
  if (field === 'installedOn' || field === 'nextDueOn' || field === 'lastInspectedAt')
    return formatDay(value);
  return value;
}
