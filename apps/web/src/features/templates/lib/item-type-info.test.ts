import { describe, expect, it } from 'vitest';
import { describeFailureRule } from './item-type-info';
import { item } from './test-items';

describe('describeFailureRule', () => {
  it('describes the failure rule in words', () => {
    expect(describeFailureRule(item('number'))).toBe('Fails outside 5.7–6.3 kg');
    expect(describeFailureRule(item('yes_no_na'))).toBe('Fails when answered No');
    expect(describeFailureRule(item('select'))).toBe('Fails on “Cracked”, “Missing”');
    expect(describeFailureRule(item('photo'))).toBeNull();
  });
});
