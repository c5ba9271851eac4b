import type { Executor } from '../../db/database.js';
import { EquipmentRepository } from './equipment.repository.js';

// The next due date is the equipment module's rule (the SQL mirror of computeNextDueOn). Other
// modules change what it depends on and ask for it here, on their own transaction.

/** Re-derives nextDueOn for the given units (after their lastInspectedAt changed). */
export function recomputeNextDue(tx: Executor, unitIds: number[]): Promise<void> {
  return new EquipmentRepository(tx).recomputeNextDue(unitIds);
}

/** Re-derives nextDueOn for every unit of a type (its interval changed); answers how many. */
export function recomputeNextDueForType(tx: Executor, typeId: number): Promise<number> {
  return new EquipmentRepository(tx).recomputeNextDueForType(typeId);
}
