import type { BulkResult, FieldError } from '@inspecta/contract';
import type { Database, Executor } from '../db/database.js';
import { AppError } from './errors.js';

/** What one row of a bulk action came to: changed, or already as asked (with why). */
type BulkRowOutcome = { changed: true } | { changed: false; reason: string };

interface BulkNames {
  /** "user" / "users": how the summary counts the rows. */
  one: string;
  many: string;
  /** "deactivated": what happened to the changed rows. */
  done: string;
  /** "already inactive": what the unchanged rows were. */
  already: string;
}

/** Why a row was refused, in words: the error's message, or its field messages when it has only a generic one. */
function reasonOf(error: AppError): string {
  const fieldMessages = (error.details ?? []).map((d) => d.message);
  if (error.code === 'VALIDATION_FAILED' && fieldMessages.length && !error.message.includes(':'))
    return fieldMessages.join('; ');
  return error.message;
}

const count = (n: number, names: BulkNames) => `${n} ${n === 1 ? names.one : names.many}`;

/**
 * Runs a bulk action all or nothing (docs/architecture.md "Bulk actions"): one transaction, each
 * row through `work` (the single-row rules, audit and notifications, on the transaction) inside its
 * own savepoint so one refused row leaves the others' work intact long enough to check them all.
 * If any row is refused (an AppError below 500), the transaction rolls back and the answer is 409
 * naming every refused row: `details[]` with `field` "ids.<index>", `id` and the row's reason.
 */
export async function runBulk(
  db: Database,
  ids: readonly number[],
  names: BulkNames,
  work: (tx: Executor, id: number) => Promise<BulkRowOutcome>,
): Promise<BulkResult> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const refused: FieldError[] = [];
    const changedIds: number[] = [];
    const unchangedItems: BulkResult['unchangedItems'] = [];
    for (const id of unique) {
      try {
        const outcome = await tx.transaction((savepoint) => work(savepoint, id));
        if (outcome.changed) changedIds.push(id);
        else unchangedItems.push({ id, reason: outcome.reason });
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        refused.push({ field: `ids.${ids.indexOf(id)}`, id, message: reasonOf(error) });
      }
    }
    if (refused.length) {
      throw new AppError(
        'CONFLICT',
        `Nothing was changed: ${refused.length} of ${count(unique.length, names)} cannot be ${names.done}`,
        { details: refused },
      );
    }
    const parts = [`${count(changedIds.length, names)} ${names.done}`];
    if (unchangedItems.length) parts.push(`${unchangedItems.length} ${names.already}`);
    return {
      message: parts.join('; '),
      changed: changedIds.length,
      unchanged: unchangedItems.length,
      changedIds,
      unchangedItems,
    };
  });
}
