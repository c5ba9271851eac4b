import { describe, expect, it } from 'vitest';
import {
  editUserFormSchema,
  registerUserBodySchema,
  roleFieldIssues,
  updateUserProfileBodySchema,
  userListQuerySchema,
} from './user-management.js';

const fieldsOf = (result: { error?: { issues: Array<{ path: PropertyKey[] }> } }) =>
  (result.error?.issues ?? []).map((i) => i.path.join('.')).sort();

describe('register user body', () => {
  const admin = {
    userType: 'admin',
    firstName: ' Asha ',
    lastName: 'Kulkarni',
    email: 'Asha@Example.COM',
    password: 'Tiger-lamp-orbit-7',
  };

  it('normalises an admin with a password', () => {
    const parsed = registerUserBodySchema.parse({ ...admin, phone: '+91 98200 12345', company: '  ' });
    expect(parsed).toMatchObject({
      userType: 'admin',
      firstName: 'Asha',
      email: 'asha@example.com',
      phone: '+919820012345',
      company: null,
      sendInvitation: false,
    });
  });

  it('names every missing field at once, including the role fields', () => {
    expect(fieldsOf(registerUserBodySchema.safeParse({}))).toEqual([
      'email',
      'firstName',
      'lastName',
      'password',
      'userType',
    ]);
    expect(
      fieldsOf(registerUserBodySchema.safeParse({ userType: 'inspector', sendInvitation: true })),
    ).toEqual(['email', 'employeeCode', 'firstName', 'lastName', 'licenceNumber', 'phone']);
    expect(fieldsOf(registerUserBodySchema.safeParse({ userType: 'client', sendInvitation: true }))).toEqual([
      'company',
      'email',
      'firstName',
      'lastName',
      'phone',
    ]);
  });

  it('applies the password policy unless an invitation is sent', () => {
    const short = registerUserBodySchema.safeParse({ ...admin, password: 'short' });
    expect(short.error?.issues[0]?.message).toBe('Use at least 10 characters');
    const asEmail = registerUserBodySchema.safeParse({
      ...admin,
      email: 'ravikumar1@x.in',
      password: 'ravikumar1',
    });
    expect(asEmail.error?.issues[0]?.message).toBe('The password must not be the email');
    const invited = registerUserBodySchema.safeParse({ ...admin, password: undefined, sendInvitation: true });
    expect(invited.success).toBe(true);
    const both = registerUserBodySchema.safeParse({ ...admin, sendInvitation: true });
    expect(fieldsOf(both)).toEqual(['password']);
  });

  it('refuses a phone that cannot be read as E.164, and stores Indian local formats as E.164', () => {
    expect(registerUserBodySchema.parse({ ...admin, phone: '98200 12345' }).phone).toBe('+919820012345');
    for (const phone of ['12345', '+0123456789', '+91-98x', '+1234567']) {
      expect(fieldsOf(registerUserBodySchema.safeParse({ ...admin, phone }))).toEqual(['phone']);
    }
  });
});

describe('profile updates', () => {
  it('leaves out what was not sent and refuses an empty change', () => {
    expect(updateUserProfileBodySchema.parse({ firstName: 'Ravi' })).toEqual({ firstName: 'Ravi' });
    expect(updateUserProfileBodySchema.parse({ phone: '' })).toEqual({ phone: null });
    expect(updateUserProfileBodySchema.safeParse({}).success).toBe(false);
  });

  it('checks the role rules in the edit form', () => {
    const result = editUserFormSchema.safeParse({
      userType: 'client',
      firstName: 'Priya',
      lastName: 'Raman',
      email: 'priya@x.in',
      phone: '',
      company: '',
    });
    expect(fieldsOf(result)).toEqual(['company', 'phone']);
    expect(roleFieldIssues({ userType: 'admin' })).toEqual([]);
  });
});

describe('user list query', () => {
  it('defaults paging and accepts the filters', () => {
    expect(userListQuerySchema.parse({ user_type: 'inspector', search: '  kumar ', sort: '-name' })).toEqual({
      page: 1,
      limit: 20,
      user_type: 'inspector',
      search: 'kumar',
      sort: '-name',
    });
    expect(userListQuerySchema.safeParse({ user_type: 'owner' }).success).toBe(false);
    expect(userListQuerySchema.safeParse({ sort: 'password' }).success).toBe(false);
  });
});
