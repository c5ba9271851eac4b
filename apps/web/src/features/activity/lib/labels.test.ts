import { afterEach, describe, expect, it } from 'vitest';
import { setDayFormat } from '@/lib/dates';
import { humanize, readableValue } from './labels';

describe('activity wording', () => {
  afterEach(() => setDayFormat('D MMM YYYY'));

  it('names fields in words', () => {
    expect(humanize('isCritical')).toBe('Is critical');
    expect(humanize('equipment_type_id')).toBe('Equipment type id');
  });

  it('reads stored codes and flags as words, and leaves written text alone', () => {
    expect(readableValue('in_service')).toBe('In service');
    expect(readableValue('true')).toBe('Yes');
    expect(readableValue('false')).toBe('No');
    expect(readableValue('Ground floor lobby')).toBe('Ground floor lobby');
    expect(readableValue('asha_k@example.com')).toBe('asha_k@example.com');
  });

  it("writes recorded days and instants in the organisation's date format", () => {
    expect(readableValue('2026-11-27')).toBe('27 Nov 2026');
    setDayFormat('DD/MM/YYYY');
    expect(readableValue('2026-10-26')).toBe('26/10/2026');
    expect(readableValue('2026-10-26T10:30:00.000Z')).toMatch(/^\d{2}\/\d{2}\/2026 \d{2}:\d{2} \S+$/);
    expect(readableValue('2026-03-05T00:00:00.000Z')).toBe('05/03/2026');
    // Not a real day: kept as written.
    expect(readableValue('2026-13-45')).toBe('2026-13-45');
    expect(readableValue('Batch 2026-10')).toBe('Batch 2026-10');
  });
});
