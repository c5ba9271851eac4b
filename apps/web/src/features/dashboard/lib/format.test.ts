import { describe, expect, it } from 'vitest';
import { formatFigure, formatShortDay, timeAgo } from './format';

describe('dashboard formatting', () => {
  it('shows figures with Indian digit grouping, one-decimal percentages and a dash for nothing', () => {
    expect(formatFigure(123456, 'count')).toBe('1,23,456');
    expect(formatFigure(33.3, 'percent')).toBe('33.3%');
    expect(formatFigure(100, 'percent')).toBe('100.0%');
    expect(formatFigure(null, 'percent')).toBe('—');
  });

  it('says how long ago something happened, with a date beyond a week', () => {
    const now = new Date('2026-06-03T10:00:00Z');
    expect(timeAgo('2026-06-03T09:59:40Z', now)).toBe('just now');
    expect(timeAgo('2026-06-03T09:55:00Z', now)).toBe('5 minutes ago');
    expect(timeAgo('2026-06-03T07:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgo('2026-06-02T09:00:00Z', now)).toBe('yesterday');
    expect(timeAgo('2026-05-20T08:30:00Z', now)).toMatch(/^20 May.*08:30.*UTC$/);
    expect(formatShortDay('2026-03-16')).toBe('16 Mar');
  });
});
