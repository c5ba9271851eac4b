import type { SiteStatus } from '@inspecta/contract';

export const SITE_STATUS_LABELS: Record<SiteStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  inactive: 'Inactive',
};

/** +919820010001 → +91 98200 10001; other numbers are shown as stored. */
export function formatPhone(phone: string | null): string {
  if (!phone) return '';
  const indianMobile = /^\+91([6-9][0-9]{4})([0-9]{5})$/.exec(phone);
  if (indianMobile) return `+91 ${indianMobile[1]} ${indianMobile[2]}`;
  if (phone.startsWith('+91')) return `+91 ${phone.slice(3)}`;
  return phone;
}
