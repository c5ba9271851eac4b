import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.js';

describe('TtlCache', () => {
  it('answers a value until its time to live has passed', () => {
    const cache = new TtlCache<string>(10);
    cache.set('a', 'one', 1000, 0);
    expect(cache.get('a', 999)).toBe('one');
    expect(cache.get('a', 1000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('evicts the least recently used entry when full', () => {
    const cache = new TtlCache<number>(2);
    cache.set('a', 1, 10_000, 0);
    cache.set('b', 2, 10_000, 0);
    expect(cache.get('a', 1)).toBe(1); // a is now the most recently used
    cache.set('c', 3, 10_000, 2);
    expect(cache.get('b', 3)).toBeUndefined();
    expect(cache.get('a', 3)).toBe(1);
    expect(cache.get('c', 3)).toBe(3);
  });

  it('replaces a value and its expiry when set again', () => {
    const cache = new TtlCache<number>(2);
    cache.set('a', 1, 100, 0);
    cache.set('a', 2, 1000, 50);
    expect(cache.get('a', 500)).toBe(2);
    expect(cache.size).toBe(1);
  });
});
