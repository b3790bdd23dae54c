/**
 * Counters for rate limits, owned by one app instance (never module-level): in memory, or in
 * Redis when REDIS_URL is set so several API processes share them. better-auth uses the same
 * store through `rateLimit.customStorage`.
 */
import { Redis } from 'ioredis';

export interface RateLimitRule {
  /** Window in seconds. */
  window: number;
  max: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the window frees up (when not allowed). */
  retryAfter: number | null;
}

export interface RateLimitStore {
  /** Counts one request against `key` and says whether it is within the rule. */
  consume(key: string, rule: RateLimitRule): Promise<RateLimitDecision>;
  /** Whether `key` has already reached `rule.max` (without counting). */
  check(key: string, rule: RateLimitRule): Promise<RateLimitDecision>;
  /** Counts one event (e.g. a failed sign-in) without deciding. */
  hit(key: string, windowSeconds: number): Promise<void>;
  close(): Promise<void>;
}

interface Counter {
  count: number;
  resetAt: number;
}

export function createMemoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const counters = new Map<string, Counter>();
  const live = (key: string): Counter | undefined => {
    const counter = counters.get(key);
    if (counter && counter.resetAt <= now()) {
      counters.delete(key);
      return undefined;
    }
    return counter;
  };
  const sweep = () => {
    if (counters.size < 10_000) return;
    const t = now();
    for (const [key, counter] of counters) if (counter.resetAt <= t) counters.delete(key);
  };
  const increment = (key: string, windowSeconds: number): Counter => {
    sweep();
    const counter = live(key) ?? { count: 0, resetAt: now() + windowSeconds * 1000 };
    counter.count += 1;
    counters.set(key, counter);
    return counter;
  };
  const retryAfter = (counter: Counter) => Math.max(1, Math.ceil((counter.resetAt - now()) / 1000));
  return {
    consume(key, rule) {
      const existing = live(key);
      if (existing && existing.count >= rule.max) return Promise.resolve({ allowed: false, retryAfter: retryAfter(existing) });
      increment(key, rule.window);
      return Promise.resolve({ allowed: true, retryAfter: null });
    },
    check(key, rule) {
      const existing = live(key);
      if (existing && existing.count >= rule.max) return Promise.resolve({ allowed: false, retryAfter: retryAfter(existing) });
      return Promise.resolve({ allowed: true, retryAfter: null });
    },
    hit(key, windowSeconds) {
      increment(key, windowSeconds);
      return Promise.resolve();
    },
    close() {
      counters.clear();
      return Promise.resolve();
    },
  };
}

export function createRedisRateLimitStore(url: string, prefix = 'matchwerk:rl:', onError?: (error: Error) => void): RateLimitStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  // Without a listener ioredis reports every reconnect attempt as an unhandled error event.
  redis.on('error', (error: Error) => onError?.(error));
  const incr = async (key: string, windowSeconds: number): Promise<{ count: number; ttl: number }> => {
    const result = await redis.multi().incr(prefix + key).expire(prefix + key, windowSeconds, 'NX').ttl(prefix + key).exec();
    const count = Number(result?.[0]?.[1] ?? 0);
    const ttl = Number(result?.[2]?.[1] ?? windowSeconds);
    return { count, ttl };
  };
  return {
    async consume(key, rule) {
      const { count, ttl } = await incr(key, rule.window);
      return count <= rule.max ? { allowed: true, retryAfter: null } : { allowed: false, retryAfter: Math.max(1, ttl) };
    },
    async check(key, rule) {
      const [value, ttl] = await Promise.all([redis.get(prefix + key), redis.ttl(prefix + key)]);
      const count = Number(value ?? 0);
      return count >= rule.max ? { allowed: false, retryAfter: Math.max(1, ttl) } : { allowed: true, retryAfter: null };
    },
    async hit(key, windowSeconds) {
      await incr(key, windowSeconds);
    },
    async close() {
      await redis.quit();
    },
  };
}
