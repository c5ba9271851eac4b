import { describe, expect, it } from 'vitest';
import {
  addDays,
  computeNextDueOn,
  dueStatusOf,
  earlierDate,
  laterDate,
  utcDateOf,
} from './equipment-due.js';

const base = {
  status: 'in_service' as const,
  lastInspectedAt: null,
  installedOn: null,
  createdAt: '2026-01-10T08:00:00Z',
  inspectionIntervalDays: 30,
};

describe('computeNextDueOn', () => {
  it('counts from the last completed inspection first', () => {
    expect(
      computeNextDueOn({ ...base, lastInspectedAt: '2026-03-01T23:30:00Z', installedOn: '2025-01-01' }),
    ).toBe('2026-03-31');
  });

  it('uses the UTC date of the inspection instant', () => {
    // 02:00 in India on 2 March is still 1 March in UTC.
    expect(computeNextDueOn({ ...base, lastInspectedAt: '2026-03-01T20:30:00-00:00' })).toBe('2026-03-31');
    expect(computeNextDueOn({ ...base, lastInspectedAt: new Date('2026-03-02T00:10:00+05:30') })).toBe(
      '2026-03-31',
    );
  });

  it('falls back to the install date, then to the registration date', () => {
    expect(computeNextDueOn({ ...base, installedOn: '2025-12-20' })).toBe('2026-01-19');
    expect(computeNextDueOn(base)).toBe('2026-02-09');
  });

  it('crosses month, year and leap-day boundaries', () => {
    expect(computeNextDueOn({ ...base, installedOn: '2027-12-15', inspectionIntervalDays: 365 })).toBe(
      '2028-12-14',
    );
    expect(computeNextDueOn({ ...base, installedOn: '2028-02-28', inspectionIntervalDays: 1 })).toBe(
      '2028-02-29',
    );
  });

  it('gives a retired unit no due date', () => {
    expect(computeNextDueOn({ ...base, status: 'retired', installedOn: '2025-12-20' })).toBeNull();
  });
});

describe('dueStatusOf', () => {
  const today = '2026-06-15';
  it('is overdue before today, due soon from today to 30 days on, ok after', () => {
    expect(dueStatusOf('2026-06-14', today)).toBe('overdue');
    expect(dueStatusOf('2026-06-15', today)).toBe('due_soon');
    expect(dueStatusOf('2026-07-15', today)).toBe('due_soon');
    expect(dueStatusOf('2026-07-16', today)).toBe('ok');
    expect(dueStatusOf(null, today)).toBeNull();
  });
});

describe('date helpers', () => {
  it('adds days and reads UTC dates', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(utcDateOf('2026-05-05T23:59:59Z')).toBe('2026-05-05');
    expect(() => addDays('05/05/2026', 1)).toThrow(RangeError);
  });

  it('picks the earlier or later of two dates across months and years', () => {
    expect(earlierDate('2026-02-01', '2026-01-31')).toBe('2026-01-31');
    expect(earlierDate('2025-12-31', '2026-01-01')).toBe('2025-12-31');
    expect(laterDate('2026-02-01', '2026-01-31')).toBe('2026-02-01');
    expect(laterDate('2025-12-31', '2026-01-01')).toBe('2026-01-01');
    expect(laterDate('2026-05-05', '2026-05-05')).toBe('2026-05-05');
  });
});
