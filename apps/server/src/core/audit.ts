import type { Executor } from '../db/database.js';
import { auditEvents } from '../db/schema.js';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  entityType: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  ipAddress?: string | null;
}

const SECRET_KEYS = new Set(['passwordHash', 'password', 'tokenHash', 'token', 'code', 'codeHash']);

/** Audit payloads never carry secrets, whatever object a service hands in. */
function scrub(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(scrub);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !SECRET_KEYS.has(key))
        .map(([key, v]) => [key, scrub(v)]),
    );
  }
  return value;
}

/**
 * Writes one audit event. Call it with the same executor as the change itself, so the change
 * and its audit trail commit or roll back together.
 */
export async function recordAudit(executor: Executor, entry: AuditEntry): Promise<void> {
  await executor.insert(auditEvents).values(toRow(entry));
}

/** Writes many audit events in few statements (bulk changes such as an import), same rules. */
export async function recordAudits(
  executor: Executor,
  entries: AuditEntry[],
  batchSize = 500,
): Promise<void> {
  for (let start = 0; start < entries.length; start += batchSize) {
    await executor.insert(auditEvents).values(entries.slice(start, start + batchSize).map(toRow));
  }
}

function toRow(entry: AuditEntry): typeof auditEvents.$inferInsert {
  return {
    actorId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: scrub(entry.before),
    after: scrub(entry.after),
    ipAddress: entry.ipAddress ?? null,
  };
}
