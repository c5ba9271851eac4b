import { describe, expect, it } from 'vitest';
import { daysUntil, formatDay } from '@/lib/dates';
import { describeDueOn, workloadLabel } from './format';

describe('assignment formatting', () => {
  it('describes the due date relative to today', () => {
    expect(describeDueOn('2026-06-15', '2026-06-15')).toBe('Due today');
    expect(describeDueOn('2026-06-16', '2026-06-15')).toBe('Due tomorrow');
    expect(describeDueOn('2026-06-20', '2026-06-15')).toBe('Due in 5 days');
    expect(describeDueOn('2026-06-14', '2026-06-15')).toBe('1 day overdue');
    expect(describeDueOn('2026-06-01', '2026-06-15')).toBe('14 days overdue');
  });

  it('counts days across months', () => {
    expect(daysUntil('2026-07-01', '2026-06-30')).toBe(1);
  });

  it('formats days and workload', () => {
    expect(formatDay('2026-06-16')).toBe('16 Jun 2026');
    expect(formatDay(null)).toBe('');
    expect(workloadLabel(0)).toBe('No open assignments');
    expect(workloadLabel(1)).toBe('1 open assignment');
    expect(workloadLabel(4)).toBe('4 open assignments');
  });
});
