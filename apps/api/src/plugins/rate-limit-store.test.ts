import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimitStore, createRedisRateLimitStore, type RateLimitStore } from './rate-limit-store';

/** The memory store always; Redis too when TEST_REDIS_URL is set (e.g. redis://127.0.0.1:6379). */
const stores: [string, () => RateLimitStore][] = [['memory', () => createMemoryRateLimitStore()]];
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) stores.push(['redis', () => createRedisRateLimitStore(redisUrl, `matchwerk-test:${randomBytes(4).toString('hex')}:`)]);

const opened: RateLimitStore[] = [];
afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
});

describe.each(stores)('%s rate-limit store', (_name, create) => {
  const store = create();
  opened.push(store);

  it('allows max requests per window, then refuses with retryAfter', async () => {
    const rule = { window: 60, max: 2 };
    expect((await store.consume('k1', rule)).allowed).toBe(true);
    expect((await store.consume('k1', rule)).allowed).toBe(true);
    const refused = await store.consume('k1', rule);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect((await store.consume('k2', rule)).allowed).toBe(true);
  });

  it('counts hits separately from checks', async () => {
    const rule = { window: 60, max: 2 };
    expect((await store.check('f1', rule)).allowed).toBe(true);
    await store.hit('f1', 60);
    expect((await store.check('f1', rule)).allowed).toBe(true);
    await store.hit('f1', 60);
    expect((await store.check('f1', rule)).allowed).toBe(false);
  });

  it('forgets after the window', async () => {
    const rule = { window: 1, max: 1 };
    expect((await store.consume('w1', rule)).allowed).toBe(true);
    expect((await store.consume('w1', rule)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await store.consume('w1', rule)).allowed).toBe(true);
  });
});
