import { describe, expect, it } from 'vitest';
import { humanize, readableValue } from './labels';

describe('activity wording', () => {
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
    expect(readableValue('2026-11-27')).toBe('2026-11-27');
  });
});
