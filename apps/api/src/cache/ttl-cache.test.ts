import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache';

describe('ttl cache', () => {
  it('keeps an entry while its age is below its lifetime, also with a clock that starts at 0', () => {
    let now = 0;
    const cache = createTtlCache<string, string>({ max: 10, maxLifetimeMs: 1000, now: () => now });
    expect(cache.set('a', 'A', 100)).toBe(true);
    now = 99;
    expect(cache.get('a')).toBe('A');
    now = 100;
    expect(cache.get('a')).toBeUndefined();
  });

  it('caps lifetimes at the longest and does not store one of 1 ms or less', () => {
    let now = 5000;
    const cache = createTtlCache<string, string>({ max: 10, maxLifetimeMs: 100, now: () => now });
    cache.set('long', 'L', 10_000);
    expect(cache.set('gone', 'G', 1)).toBe(false);
    expect(cache.set('past', 'P', -5)).toBe(false);
    expect(cache.get('gone')).toBeUndefined();
    now += 100;
    expect(cache.get('long')).toBeUndefined();
  });

  it('evicts the least recently used beyond max and reports every removal', () => {
    const removed: string[] = [];
    const cache = createTtlCache<string, string>({
      max: 2,
      maxLifetimeMs: 1000,
      onRemove: (_value, key) => removed.push(key),
    });
    cache.set('a', 'A', 1000);
    cache.set('b', 'B', 1000);
    cache.get('a');
    cache.set('c', 'C', 1000);
    expect(removed).toEqual(['b']);
    cache.delete('a');
    cache.clear();
    expect(removed.sort()).toEqual(['a', 'b', 'c']);
    expect(cache.size).toBe(0);
  });
});
