import { describe, expect, it } from 'vitest';
import { daysUntil, formatDay, formatIsoDayAs, parseDay, setDayFormat, todayIso } from './dates';

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

  it("writes days in the organisation's format once it is known", () => {
    setDayFormat('DD/MM/YYYY');
    try {
      expect(formatDay('2026-06-01')).toBe('01/06/2026');
      expect(formatDay('2026-06-01T23:30:00Z')).toBe('01/06/2026');
    } finally {
      setDayFormat('D MMM YYYY');
    }
    expect(formatIsoDayAs('2026-03-25', 'MM/DD/YYYY')).toBe('03/25/2026');
    expect(formatIsoDayAs('2026-03-25', 'YYYY-MM-DD')).toBe('2026-03-25');
    expect(formatIsoDayAs('2026-03-05', 'D MMM YYYY')).toBe('5 Mar 2026');
  });

  it('reads a typed day in the format, or in YYYY-MM-DD', () => {
    expect(parseDay('25/03/2026', 'DD/MM/YYYY')).toBe('2026-03-25');
    expect(parseDay('5.3.2026', 'DD/MM/YYYY')).toBe('2026-03-05');
    expect(parseDay('03/25/2026', 'MM/DD/YYYY')).toBe('2026-03-25');
    expect(parseDay('25/03/2026', 'MM/DD/YYYY')).toBeNull();
    expect(parseDay('25 march 2026', 'D MMM YYYY')).toBe('2026-03-25');
    expect(parseDay('2026-03-25', 'DD/MM/YYYY')).toBe('2026-03-25');
    expect(parseDay('31/02/2026', 'DD/MM/YYYY')).toBeNull();
    expect(parseDay('29/02/2028', 'DD/MM/YYYY')).toBe('2028-02-29');
    expect(parseDay('25/03', 'DD/MM/YYYY')).toBeNull();
  });
});
