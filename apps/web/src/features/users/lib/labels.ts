import type { User, UserType } from '@inspecta/contract';
import { plural, pluralNoun } from '@/lib/plural';
import { formatCount } from '@/utils/format-count';

export const ROLE_LABEL: Record<UserType, string> = {
  admin: 'Admin',
  inspector: 'Inspector',
  client: 'Client',
};

export const ROLE_COLOR: Record<UserType, string> = {
  admin: 'brand',
  inspector: 'teal',
  client: 'violet',
};

export const TAB_LABEL = { admin: 'Admins', inspector: 'Inspectors', client: 'Clients', all: 'All' } as const;

/** "1 inspector", "1,204 users", or "10,000+ users" when the server stopped counting at the cap. */
export function countLabel(count: number, type: UserType | 'all', capped = false): string {
  const noun = type === 'all' ? 'user' : type === 'admin' ? 'admin' : type;
  return capped ? `${formatCount(count, true)} ${pluralNoun(2, noun)}` : plural(count, noun);
}

export function fullName(user: Pick<User, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

const ACTION_LABEL: Record<string, string> = {
  'user.create': 'Account created',
  'user.update': 'Profile changed',
  'user.status_change': 'Status changed',
  'user.delete': 'Account deleted',
  'user.profile_image': 'Profile image changed',
  'user.invitation_sent': 'Invitation sent',
  'user.invitation_accepted': 'Password chosen from the invitation',
  'user.bootstrap_admin': 'First administrator created',
  'auth.login': 'Signed in',
  'auth.logout': 'Signed out',
  'auth.login_failed': 'Failed sign-in attempt',
};

/** A readable name for an audit action; unknown actions show as "Site create" from "site.create". */
export function actionLabel(action: string): string {
  const known = ACTION_LABEL[action];
  if (known) return known;
  const words = action.replace(/[._]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const FIELD_LABEL: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  company: 'Company',
  employeeCode: 'Employee code',
  licenceNumber: 'Licence number',
  status: 'Status',
  userType: 'Role',
  profileImage: 'Profile image',
  sessionsEnded: 'Sessions ended',
  deletedAt: 'Deleted',
  expiresAt: 'Expires',
};

export function fieldLabel(field: string): string {
  return FIELD_LABEL[field] ?? field;
}

/** How the user gets in: a password, an open invitation, an expired one, or nothing yet. */
export function accessState(user: User, now = Date.now()): 'password' | 'invited' | 'expired' | 'none' {
  if (user.hasPassword) return 'password';
  if (!user.invitationExpiresAt) return 'none';
  return Date.parse(user.invitationExpiresAt) > now ? 'invited' : 'expired';
}

/** E.164 as people read it: Indian mobiles as "+91 98200 12345", others unchanged. */
export function formatPhone(phone: string | null): string {
  if (!phone) return '—';
  const indian = /^\+91(\d{5})(\d{5})$/.exec(phone);
  return indian ? `+91 ${indian[1]} ${indian[2]}` : phone;
}
