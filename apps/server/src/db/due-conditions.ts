import { addDays, DUE_SOON_DAYS, type DueStatus } from '@inspecta/contract';
import { type Column, gt, gte, lt, lte, type SQL } from 'drizzle-orm';
import { equipment } from './schema.js';

/**
 * The `due` filter in SQL on the stored `next_due_on` (the same ranges as `dueStatusOf`); retired
 * units have no due date, so they match none. Below the modules because the home dashboard's due
 * chart applies the equipment list's ranges to `equipment_due_counts.next_due_on`.
 */
export function dueFilterConditions(
  due: DueStatus,
  today: string,
  nextDueOn: Column = equipment.nextDueOn,
): SQL[] {
  if (due === 'overdue') return [lt(nextDueOn, today)];
  if (due === 'due_soon') {
    return [gte(nextDueOn, today), lte(nextDueOn, addDays(today, DUE_SOON_DAYS))];
  }
  return [gt(nextDueOn, addDays(today, DUE_SOON_DAYS))];
}
