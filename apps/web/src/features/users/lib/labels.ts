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
