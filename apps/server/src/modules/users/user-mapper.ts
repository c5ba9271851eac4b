import type { User, UserAuditEvent } from '@inspecta/contract';
import type { AuditEventWithActor, UserRecord } from './users.repository.js';

export function fullName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

export function toUser(record: UserRecord): User {
  return {
    id: record.id,
    userType: record.userType,
    firstName: record.firstName,
    lastName: record.lastName,
    email: record.email,
    phone: record.phone,
    status: record.status,
    profileImage: record.profileImage,
    company: record.company,
    employeeCode: record.employeeCode,
    licenceNumber: record.licenceNumber,
    hasPassword: record.hasPassword,
    invitationExpiresAt: record.invitationExpiresAt?.toISOString() ?? null,
    lastLoginAt: record.lastLoginAt?.toISOString() ?? null,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

/** Fields whose change is bookkeeping, not news, in an activity list. */
const IGNORED_FIELDS = new Set(['updatedAt', 'createdAt', 'id', 'hasPassword', 'invitationExpiresAt']);

function display(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The fields an audit event changed, before and after, in a stable order. */
export function auditChanges(before: unknown, after: unknown): UserAuditEvent['changes'] {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  // A creation lists what was set; a deletion or status change lists what moved.
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !IGNORED_FIELDS.has(k));
  return keys
    .map((field) => ({ field, from: display(b[field]), to: display(a[field]) }))
    .filter((c) => c.from !== c.to);
}

export function toAuditEvent(row: AuditEventWithActor): UserAuditEvent {
  return {
    id: row.id,
    action: row.action,
    actor:
      row.actorId === null
        ? null
        : {
            id: row.actorId,
            name: `${row.actorFirstName ?? ''} ${row.actorLastName ?? ''}`.trim() || `User ${row.actorId}`,
          },
    changes: auditChanges(row.before, row.after),
    createdAt: row.createdAt.toISOString(),
  };
}
