import { describe, expect, it } from 'vitest';
import { formatFigure, formatShortDay } from './format';

describe('dashboard formatting', () => {
  it('shows figures with Indian digit grouping, one-decimal percentages and a dash for nothing', () => {
    expect(formatFigure(123456, 'count')).toBe('1,23,456');
    expect(formatFigure(33.3, 'percent')).toBe('33.3%');
    expect(formatFigure(100, 'percent')).toBe('100.0%');
    expect(formatFigure(null, 'percent')).toBe('—');
  });

  it('labels a chart week by its day and month', () => {
    expect(formatShortDay('2026-03-16')).toBe('16 Mar');
  });
});
