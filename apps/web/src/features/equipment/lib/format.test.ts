import { describe, expect, it } from 'vitest';
import { formatDay } from '@/lib/dates';
import { describeDue } from './format';

describe('equipment formatting', () => {
  it('formats days without time-zone drift', () => {
    expect(formatDay('2026-06-01')).toBe('1 Jun 2026');
    expect(formatDay('2026-06-01T23:30:00Z')).toBe('1 Jun 2026');
    expect(formatDay(null)).toBe('');
  });

  it('describes how far the due date is', () => {
    expect(describeDue('2026-06-15', '2026-06-15')).toBe('due today');
    expect(describeDue('2026-06-25', '2026-06-15')).toBe('in 10 days');
    expect(describeDue('2026-06-12', '2026-06-15')).toBe('3 days overdue');
    expect(describeDue('2026-06-14', '2026-06-15')).toBe('1 day overdue');
    expect(describeDue('2026-02-15', '2026-06-15')).toBe('4 months overdue');
    expect(describeDue('2029-06-15', '2026-06-15')).toBe('in 3 years');
  });
});
