import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createMemoryRateLimitStore, createRedisRateLimitStore, type RateLimitStore } from './rate-limit-store';

/** The memory store always; Redis too when TEST_REDIS_URL is set (e.g. redis://127.0.0.1:6379). */
const redisUrl = process.env.TEST_REDIS_URL;
const opened: RateLimitStore[] = [];
const open = (store: RateLimitStore) => {
  opened.push(store);
  return store;
};
const stores: [string, () => RateLimitStore][] = [['memory', () => open(createMemoryRateLimitStore())]];
if (redisUrl)
  stores.push([
    'redis',
    () => open(createRedisRateLimitStore(redisUrl, `matchwerk-test:${randomBytes(4).toString('hex')}:`)),
  ]);

afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
});

describe.each(stores)('%s rate-limit store', (name, create) => {
  const store = create();

  it('allows max requests per window, then refuses with retryAfter', async () => {
    const rule = { window: 60, max: 2 };
    expect((await store.consume('k1', rule)).allowed).toBe(true);
    expect((await store.consume('k1', rule)).allowed).toBe(true);
    const refused = await store.consume('k1', rule);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect(refused.retryAfter).toBeLessThanOrEqual(60);
    expect((await store.consume('k2', rule)).allowed).toBe(true);
  });

  it('keeps rules with different numbers apart', async () => {
    expect((await store.consume('r1', { window: 60, max: 1 })).allowed).toBe(true);
    expect((await store.consume('r1', { window: 60, max: 1 })).allowed).toBe(false);
    expect((await store.consume('r1', { window: 60, max: 5 })).allowed).toBe(true);
  });

  it('hands out one limiter per name and numbers', () => {
    const options = { name: 'same', points: 3, duration: 60 };
    expect(store.limiter(options)).toBe(store.limiter({ ...options }));
    expect(store.limiter(options)).not.toBe(store.limiter({ ...options, points: 4 }));
  });

  it('forgets after the window', async () => {
    const rule = { window: 1, max: 1 };
    // The memory counters live on this process's clock (faked); Redis expires keys on its own clock.
    if (name === 'memory') vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    try {
      expect((await store.consume('w1', rule)).allowed).toBe(true);
      expect((await store.consume('w1', rule)).allowed).toBe(false);
      if (name === 'memory') {
        await vi.advanceTimersByTimeAsync(900);
        expect((await store.consume('w1', rule)).allowed).toBe(false);
        await vi.advanceTimersByTimeAsync(200);
        expect((await store.consume('w1', rule)).allowed).toBe(true);
      } else {
        // Refused consumes do not extend the window, so polling ends once Redis has expired the key.
        await vi.waitFor(async () => expect((await store.consume('w1', rule)).allowed).toBe(true), {
          timeout: 5_000,
          interval: 100,
        });
      }
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('store ownership', () => {
  it('two memory stores never share counters (several apps in one process)', async () => {
    const first = open(createMemoryRateLimitStore());
    const second = open(createMemoryRateLimitStore());
    const rule = { window: 60, max: 1 };
    expect((await first.consume('shared-key', rule)).allowed).toBe(true);
    expect((await second.consume('shared-key', rule)).allowed).toBe(true);
    expect((await first.consume('shared-key', rule)).allowed).toBe(false);
  });

  if (redisUrl) {
    it('two Redis stores with one prefix share counters (several API processes)', async () => {
      const prefix = `matchwerk-test:${randomBytes(4).toString('hex')}:`;
      const first = open(createRedisRateLimitStore(redisUrl, prefix));
      const second = open(createRedisRateLimitStore(redisUrl, prefix));
      const rule = { window: 60, max: 2 };
      expect((await first.consume('k', rule)).allowed).toBe(true);
      expect((await second.consume('k', rule)).allowed).toBe(true);
      expect((await first.consume('k', rule)).allowed).toBe(false);
      expect((await second.consume('k', rule)).allowed).toBe(false);
    });
  }
});
