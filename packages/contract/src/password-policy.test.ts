import { describe, expect, it } from 'vitest';
import { loginBodySchema } from './auth.js';
import { isCommonPassword, passwordNotEmail, passwordPolicySchema } from './password-policy.js';

describe('password policy', () => {
  const policy = passwordPolicySchema();

  it('accepts a long uncommon password', () => {
    expect(policy.safeParse('Tiger-lamp-orbit-7').success).toBe(true);
  });

  it('refuses short and common passwords with a message for the form', () => {
    expect(policy.safeParse('short').error?.issues[0]?.message).toBe('Use at least 10 characters');
    expect(isCommonPassword('Password123')).toBe(true);
    expect(policy.safeParse('Password123').error?.issues[0]?.message).toBe(
      'This password is too common; choose another',
    );
  });

  it('refuses the email or its local part as the password', () => {
    expect(passwordNotEmail({ email: 'ravi.kumar@example.com', password: 'Ravi.Kumar' })).toBe(false);
    expect(passwordNotEmail({ email: 'ravi.kumar@example.com', password: 'ravi.kumar@example.com' })).toBe(
      false,
    );
    expect(passwordNotEmail({ email: 'ravi.kumar@example.com', password: 'Tiger-lamp-orbit-7' })).toBe(true);
  });
});

describe('login body', () => {
  it('normalises the email and names missing fields', () => {
    expect(loginBodySchema.parse({ email: '  Admin@Example.COM ', password: 'x' }).email).toBe(
      'admin@example.com',
    );
    const result = loginBodySchema.safeParse({});
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['email', 'password']);
  });
});
