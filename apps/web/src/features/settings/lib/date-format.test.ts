import { describe, expect, it } from 'vitest';
import { formatDateAs, formatSampleDate } from './date-format';

describe('formatDateAs', () => {
  const date = new Date(2026, 0, 7);
  it.each([
    ['DD/MM/YYYY', '07/01/2026'],
    ['MM/DD/YYYY', '01/07/2026'],
    ['YYYY-MM-DD', '2026-01-07'],
    ['D MMM YYYY', '7 Jan 2026'],
  ] as const)('%s', (format, expected) => {
    expect(formatDateAs(date, format)).toBe(expected);
  });

  it('shows samples with a day above 12', () => {
    expect(formatSampleDate('DD/MM/YYYY')).toBe('25/03/2026');
  });
});
