import { describe, expect, it } from 'vitest';
import { escapeLike } from './query-helpers.js';

describe('search terms', () => {
  it('treat LIKE wildcards literally', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});
