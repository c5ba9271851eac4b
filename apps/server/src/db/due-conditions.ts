import { addDays, DUE_SOON_DAYS, type DueStatus } from '@inspecta/contract';
import { type Column, gt, gte, lt, lte, type SQL } from 'drizzle-orm';
import { equipment } from './schema.js';
import { asValue, type Bind } from './statements-by-shape.js';

/**
 * The `due` filter in SQL on the stored `next_due_on` (the same ranges as `dueStatusOf`); retired
 * units have no due date, so they match none. Below the modules because the home dashboard's due
 * chart applies the equipment list's ranges to `equipment_due_counts.next_due_on`. `bind` puts the
 * dates into a statement built once per shape (`StatementsByShape`).
 */
export function dueFilterConditions(
  due: DueStatus,
  today: string,
  nextDueOn: Column = equipment.nextDueOn,
  bind: Bind = asValue,
): SQL[] {
  if (due === 'overdue') return [lt(nextDueOn, bind('today', today))];
  const dueSoonUntil = bind('dueSoonUntil', addDays(today, DUE_SOON_DAYS));
  if (due === 'due_soon') return [gte(nextDueOn, bind('today', today)), lte(nextDueOn, dueSoonUntil)];
  return [gt(nextDueOn, dueSoonUntil)];
}
