import { type SessionUser, sessionUserSchema } from '@inspecta/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { parseSessionUser, storage, storageKeys } from './storage';

const ada: SessionUser = {
  id: 1,
  userType: 'admin',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@inspecta.test',
  phone: null,
  profileImage: null,
};

/** Stored values the guards may meet: valid ones, damaged ones, and ones from other versions. */
const samples: unknown[] = [
  ada,
  { ...ada, userType: 'inspector', phone: '+441234567890', profileImage: '/api/files/1' },
  { ...ada, userType: 'client' },
  { ...ada, extra: 'dropped' },
  { ...ada, id: 1.5 },
  { ...ada, id: '1' },
  { ...ada, userType: 'owner' },
  { ...ada, userType: 'toString' },
  { ...ada, firstName: null },
  { ...ada, phone: undefined },
  { ...ada, profileImage: 3 },
  (({ email: _email, ...rest }) => rest)(ada),
  [ada],
  null,
  'ada',
  42,
];

describe('parseSessionUser', () => {
  afterEach(() => window.localStorage.clear());

  it('answers what the contract schema answers, for every sample', () => {
    for (const sample of samples) {
      const parsed = sessionUserSchema.safeParse(sample);
      expect(parseSessionUser(sample), JSON.stringify(sample)).toEqual(parsed.success ? parsed.data : null);
    }
  });

  it('reads a stored user back, and treats a damaged one as signed out', () => {
    storage.setUser(ada);
    expect(storage.getUser()).toEqual(ada);
    window.localStorage.setItem(storageKeys.userData, '{"id":1');
    expect(storage.getUser()).toBeNull();
    window.localStorage.setItem(storageKeys.userData, JSON.stringify({ ...ada, userType: 'owner' }));
    expect(storage.getUser()).toBeNull();
  });
});
