import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

/**
 * Passwords of ten or more characters seen most often in breach corpora. Kept short on purpose:
 * it ships to the browser; the point is to stop the obvious choices, not to be a full blocklist.
 */
const COMMON_PASSWORDS = new Set([
  '1234567890',
  '0123456789',
  '0987654321',
  '1111111111',
  '0000000000',
  '1234512345',
  '1122334455',
  '12345678910',
  '123456789a',
  'a123456789',
  '1q2w3e4r5t',
  '1q2w3e4r5t6y',
  'q1w2e3r4t5',
  'qwertyuiop',
  'qwerty1234',
  'qwerty12345',
  'qwerty123456',
  '1qaz2wsx3edc',
  'zaq12wsxcde3',
  'asdfghjkl1',
  'password1',
  'password12',
  'password123',
  'password1234',
  'passw0rd123',
  'p@ssw0rd123',
  'p@ssword123',
  'iloveyou12',
  'iloveyou123',
  'princess123',
  'sunshine123',
  'football123',
  'baseball123',
  'welcome123',
  'welcome1234',
  'letmein1234',
  'monkey12345',
  'dragon12345',
  'abcdefghij',
  'abcd123456',
  'abc1234567',
  'administrator',
  'admin12345',
  'admin123456',
  'changeme123',
  'trustno1234',
  'superman123',
  'starwars123',
  'computer123',
  'internet123',
  'michael1234',
  'qazwsxedcrfv',
  'zxcvbnm123',
  'asdfghjkl123',
  'mypassword1',
  'mypassword123',
  'secret12345',
  'inspecta123',
  'inspecta1234',
  'password!1',
  'password!123',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/**
 * The password policy of DESIGN.md, shared by client forms and the server.
 * `email` is optional so the policy can run where the email is not part of the form.
 */
export function passwordPolicySchema() {
  return z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`)
    .refine((p) => !isCommonPassword(p), 'This password is too common; choose another');
}

/** Checks the "not the email" rule on an object carrying both fields. */
export function passwordNotEmail(value: { email?: string | undefined; password?: string | undefined }) {
  if (!value.email || !value.password) return true;
  const email = value.email.trim().toLowerCase();
  const password = value.password.trim().toLowerCase();
  return password !== email && password !== email.split('@')[0];
}
