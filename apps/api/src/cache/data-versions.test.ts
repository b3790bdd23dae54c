import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createMemoryDataVersionStore,
  createRedisDataVersionStore,
  organizationDataKey,
  type DataVersionStore,
} from './data-versions';

/** The memory store always; Redis too when TEST_REDIS_URL is set (e.g. redis://127.0.0.1:6379). */
const stores: [string, () => DataVersionStore][] = [['memory', () => createMemoryDataVersionStore()]];
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl)
  stores.push([
    'redis',
    () => createRedisDataVersionStore(redisUrl, { prefix: `matchwerk-test:${randomBytes(4).toString('hex')}:` }),
  ]);

const opened: DataVersionStore[] = [];
afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
});

describe.each(stores)('%s data version store', (_name, create) => {
  const store = create();
  opened.push(store);

  it('starts an unknown key at the clock and keeps it while nothing changes', async () => {
    const key = organizationDataKey('org-1');
    const before = Date.now() * 1000;
    const first = await store.current(key);
    expect(first).toBeGreaterThanOrEqual(before);
    expect(await store.current(key)).toBe(first);
  });

  it('rises with every change, also with several changes in the same microsecond', async () => {
    const key = organizationDataKey('org-2');
    const seen = [await store.current(key)];
    for (let change = 0; change < 5; change++) {
      await store.bump(key);
      seen.push(await store.current(key));
    }
    for (let index = 1; index < seen.length; index++) expect(seen[index]).toBeGreaterThan(seen[index - 1]!);
  });

  it('keeps the organisations apart', async () => {
    const one = organizationDataKey('org-3');
    const other = organizationDataKey('org-4');
    const otherBefore = await store.current(other);
    await store.bump(one);
    expect(await store.current(other)).toBe(otherBefore);
  });
});

describe('memory data version store', () => {
  it('starts a forgotten key above every value it had (an old version never comes back)', async () => {
    let now = 1_000_000;
    const store = createMemoryDataVersionStore({ now: () => now });
    const key = organizationDataKey('org-1');
    for (let change = 0; change < 50; change++) await store.bump(key);
    const last = await store.current(key);
    now += 11 * 60 * 1000; // past the lifetime of an unused key
    expect(await store.current(key)).toBeGreaterThan(last);
  });

  it('rises even when the clock goes back', async () => {
    let now = 5_000_000;
    const store = createMemoryDataVersionStore({ now: () => now });
    const key = organizationDataKey('org-1');
    const first = await store.current(key);
    now -= 60_000;
    await store.bump(key);
    expect(await store.current(key)).toBeGreaterThan(first);
  });
});
