import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-changes.js';

describe('audit changes', () => {
  it('lists changed fields with before and after, skipping bookkeeping', () => {
    expect(
      auditChanges(
        { firstName: 'Priya', phone: null, updatedAt: '2026-01-01', searchText: 'priya' },
        { firstName: 'Priyanka', phone: '+919820012345', updatedAt: '2026-02-01', searchText: 'priyanka' },
      ),
    ).toEqual([
      { field: 'firstName', from: 'Priya', to: 'Priyanka' },
      { field: 'phone', from: null, to: '+919820012345' },
    ]);
    expect(auditChanges(null, { status: 'inactive', sessionsEnded: 2 })).toEqual([
      { field: 'status', from: null, to: 'inactive' },
      { field: 'sessionsEnded', from: null, to: '2' },
    ]);
    expect(auditChanges({ a: 1 }, { a: 1 })).toEqual([]);
  });
});

describe('audit changes never show secrets', () => {
  it('drops secret fields at any depth, whatever an old event kept', () => {
    expect(
      auditChanges(
        { passwordHash: '$argon2id$old', apiKey: 'k1', name: 'A' },
        {
          passwordHash: '$argon2id$new',
          smtpPassword: 'hunter2',
          privateKeyPem: '-----BEGIN',
          name: 'B',
          mail: { host: 'smtp', password: 'p', accessToken: 't' },
        },
      ),
    ).toEqual([
      { field: 'name', from: 'A', to: 'B' },
      { field: 'mail', from: null, to: '{"host":"smtp"}' },
    ]);
  });
});
