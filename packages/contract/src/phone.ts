/** Phone numbers: one format (E.164) and one normaliser for every form and every table. */

/** E.164, the form every phone number is stored in. */
export const PHONE_PATTERN = /^\+[1-9][0-9]{7,14}$/;
export const PHONE_MESSAGE = 'Enter a phone number such as +91 98200 10001 or 022 2345 6789';

/**
 * Normalises a phone number as people type it in India: spaces, dashes, dots and brackets go;
 * a 10-digit mobile number, a 0-prefixed trunk number and a bare 91… number get +91; 00 becomes +.
 * Anything else is returned as typed (without separators) so the pattern check can reject it.
 */
export function normalizePhone(raw: string): string {
  const compact = raw.trim().replace(/[\s\-().]/g, '');
  if (compact === '') return '';
  if (compact.startsWith('+')) return compact;
  if (!/^[0-9]+$/.test(compact)) return compact;
  if (compact.startsWith('00')) return `+${compact.slice(2)}`;
  if (/^[6-9][0-9]{9}$/.test(compact)) return `+91${compact}`;
  if (/^0[1-9][0-9]{9}$/.test(compact)) return `+91${compact.slice(1)}`;
  if (/^91[6-9][0-9]{9}$/.test(compact)) return `+${compact}`;
  return compact;
}
