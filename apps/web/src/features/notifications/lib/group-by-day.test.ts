import { describe, expect, it } from 'vitest';
import { groupByDay } from './group-by-day';

const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).toISOString();

describe('groupByDay', () => {
  it('labels today and yesterday, names older days, and keeps newest first', () => {
    const now = new Date(2026, 10, 21, 15);
    const items = [
      { id: 5, createdAt: at(2026, 11, 21, 14) },
      { id: 4, createdAt: at(2026, 11, 21, 1) },
      { id: 3, createdAt: at(2026, 11, 20, 23) },
      { id: 2, createdAt: at(2026, 11, 17) },
      { id: 1, createdAt: at(2025, 12, 31) },
    ];
    const groups = groupByDay(items, now);
    expect(groups.map((g) => g.label)).toEqual([
      'Today',
      'Yesterday',
      'Tuesday, 17 November 2026',
      'Wednesday, 31 December 2025',
    ]);
    expect(groups.map((g) => g.items.map((i) => i.id))).toEqual([[5, 4], [3], [2], [1]]);
    expect(groups[0]?.key).toBe('2026-11-21');
  });

  it('answers no groups for no items', () => {
    expect(groupByDay([])).toEqual([]);
  });
});
