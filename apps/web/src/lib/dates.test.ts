import { describe, expect, it } from 'vitest';
import { daysUntil, formatDay, todayIso } from './dates';

describe('dates', () => {
  it('formats days without time-zone drift', () => {
    expect(formatDay('2026-06-16')).toBe('16 Jun 2026');
    expect(formatDay('2026-06-01')).toBe('1 Jun 2026');
    expect(formatDay('2026-06-01T23:30:00Z')).toBe('1 Jun 2026');
    expect(formatDay(null)).toBe('');
    expect(formatDay('not a day')).toBe('');
  });

  it('counts days across months', () => {
    expect(daysUntil('2026-07-01', '2026-06-30')).toBe(1);
    expect(daysUntil('2026-06-12', '2026-06-15')).toBe(-3);
  });

  it('names today in UTC', () => {
    expect(todayIso(new Date('2026-06-15T23:30:00Z'))).toBe('2026-06-15');
  });
});
