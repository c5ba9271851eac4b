import type { User, UserAuditEvent } from '@inspecta/contract';
import { auditChanges } from '../../core/audit-changes.js';
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
