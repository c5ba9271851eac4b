import type { UserType } from '@inspecta/contract';
import type { ExportColumn } from '../../core/tabular-export.js';
import type { UserRecord } from './users.repository.js';

const ROLE_LABEL: Record<UserType, string> = { admin: 'Admin', inspector: 'Inspector', client: 'Client' };

/** The columns of the user export: what the list shows, and the contact details behind it. */
export const USER_EXPORT_COLUMNS: ExportColumn<UserRecord>[] = [
  { heading: 'Id', width: 8, value: (u) => u.id },
  { heading: 'First name', width: 18, value: (u) => u.firstName },
  { heading: 'Last name', width: 18, value: (u) => u.lastName },
  { heading: 'Email', width: 32, value: (u) => u.email },
  { heading: 'Phone', width: 18, value: (u) => u.phone },
  { heading: 'Role', width: 10, value: (u) => ROLE_LABEL[u.userType] },
  { heading: 'Status', width: 10, value: (u) => (u.status === 'active' ? 'Active' : 'Inactive') },
  { heading: 'Company', width: 24, value: (u) => u.company },
  { heading: 'Employee code', width: 15, value: (u) => u.employeeCode },
  { heading: 'Licence number', width: 16, value: (u) => u.licenceNumber },
  {
    heading: 'Sign-in',
    width: 18,
    value: (u) => (u.hasPassword ? 'Password set' : u.invitationExpiresAt ? 'Invited' : 'Not invited'),
  },
  { heading: 'Last sign-in (UTC)', width: 18, kind: 'dateTime', value: (u) => u.lastLoginAt },
  { heading: 'Created (UTC)', width: 18, kind: 'dateTime', value: (u) => u.createdAt },
];
