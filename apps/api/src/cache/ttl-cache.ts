/**
 * The in-memory caches of the API (session actors, chat versions): `lru-cache` with a lifetime
 * per entry and a bound on the number of entries (least recently used go first). This module
 * only adapts its TTL rules to ours, so every cache reads the same way:
 * - an entry lives while its age is below its lifetime (lru-cache keeps it while age ≤ ttl, so
 *   the ttl handed over is one millisecond less; the clock counts whole milliseconds);
 * - a lifetime of one millisecond or less is not stored (lru-cache reads ttl 0 as "forever");
 * - lru-cache reads a start time of 0 as "no TTL", and an injected clock (tests) may start at 0,
 *   so its clock runs one millisecond ahead of ours (only differences count);
 * - the clock is read on every access (`ttlResolution: 0`), no timer per millisecond.
 */
import { LRUCache } from 'lru-cache';

export interface TtlCacheOptions<K, V> {
  /** At most this many entries; the least recently used go first. */
  max: number;
  /** The longest lifetime any entry gets. */
  maxLifetimeMs: number;
  /** Epoch milliseconds (whole numbers). */
  now?: () => number;
  /** Called whenever an entry leaves: expired, evicted, replaced, deleted or cleared. */
  onRemove?: (value: V, key: K) => void;
}

export interface TtlCache<K, V> {
  /** The value while alive (counts as a use); undefined when missing or expired. */
  get(key: K): V | undefined;
  /** The value while alive, without counting as a use. */
  peek(key: K): V | undefined;
  /** Stores the value for `lifetimeMs` (capped at `maxLifetimeMs`); a lifetime of 1 ms or less drops the key (false). */
  set(key: K, value: V, lifetimeMs: number): boolean;
  delete(key: K): void;
  clear(): void;
  readonly size: number;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- lru-cache's own bound: keys and values may not be null or undefined
export function createTtlCache<K extends {}, V extends {}>(options: TtlCacheOptions<K, V>): TtlCache<K, V> {
  const now = options.now ?? Date.now;
  const maxTtl = Math.max(1, Math.ceil(options.maxLifetimeMs) - 1);
  const onRemove = options.onRemove;
  const cache = new LRUCache<K, V>({
    max: options.max,
    ttl: maxTtl,
    ttlResolution: 0,
    perf: { now: () => now() + 1 },
    ...(onRemove ? { dispose: (value: V, key: K) => onRemove(value, key) } : {}),
  });
  return {
    get: (key) => cache.get(key),
    peek: (key) => cache.peek(key),
    set(key, value, lifetimeMs) {
      const ttl = Math.min(Math.ceil(lifetimeMs) - 1, maxTtl);
      if (ttl < 1) {
        cache.delete(key);
        return false;
      }
      cache.set(key, value, { ttl });
      return true;
    },
    delete: (key) => void cache.delete(key),
    clear: () => cache.clear(),
    get size() {
      return cache.size;
    },
  };
}
