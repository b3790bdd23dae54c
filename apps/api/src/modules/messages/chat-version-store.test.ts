import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  chatKey,
  createMemoryChatVersionStore,
  createRedisChatVersionStore,
  decodeCursor,
  encodeCursor,
  type ChatVersionStore,
} from './chat-version-store';

/** The memory store always; Redis too when TEST_REDIS_URL is set (e.g. redis://127.0.0.1:6379). */
const stores: [string, () => ChatVersionStore][] = [['memory', () => createMemoryChatVersionStore()]];
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl)
  stores.push([
    'redis',
    () => createRedisChatVersionStore(redisUrl, { prefix: `matchwerk-test:${randomBytes(4).toString('hex')}:` }),
  ]);

const opened: ChatVersionStore[] = [];
afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
});

describe.each(stores)('%s chat version store', (_name, create) => {
  const store = create();
  opened.push(store);

  it('knows nothing at first, then the raised version', async () => {
    const key = chatKey('org-1', 'applicant-1');
    expect(await store.get(key)).toBeNull();
    await store.raise(key, 3);
    expect(await store.get(key)).toBe(3);
  });

  it('never lowers a version (sends may report out of order)', async () => {
    const key = chatKey('org-2', 'applicant-1');
    await store.raise(key, 7);
    await store.raise(key, 5);
    expect(await store.get(key)).toBe(7);
    await store.raise(key, 8);
    expect(await store.get(key)).toBe(8);
  });

  it('keeps chats apart and forgets on request', async () => {
    await store.raise(chatKey('org-3', 'a'), 1);
    await store.raise(chatKey('org-3', 'b'), 2);
    expect(await store.get(chatKey('org-3', 'a'))).toBe(1);
    await store.forget(chatKey('org-3', 'a'));
    expect(await store.get(chatKey('org-3', 'a'))).toBeNull();
    expect(await store.get(chatKey('org-3', 'b'))).toBe(2);
  });
});

describe('memory chat version store', () => {
  it('expires entries after the TTL (a deleted chat is noticed, memory stays bounded)', async () => {
    let now = 1000;
    const store = createMemoryChatVersionStore({ ttlMs: 100, now: () => now, random: () => 0 });
    await store.raise('k', 4);
    now += 99;
    expect(await store.get('k')).toBe(4);
    now += 1;
    expect(await store.get('k')).toBeNull();
  });

  it('spreads the expiry of entries written together over the last quarter of the TTL (no refill waves)', async () => {
    let now = 0;
    const randoms = [0, 0.5, 1];
    const store = createMemoryChatVersionStore({ ttlMs: 1000, now: () => now, random: () => randoms.shift() ?? 0 });
    for (const key of ['a', 'b', 'c']) await store.raise(key, 1);
    const alive = async () =>
      (await Promise.all(['a', 'b', 'c'].map((key) => store.get(key)))).filter((version) => version !== null).length;
    now = 749;
    expect(await alive()).toBe(3);
    now = 750;
    expect(await alive()).toBe(2);
    now = 875;
    expect(await alive()).toBe(1);
    now = 1000;
    expect(await alive()).toBe(0);
  });

  it('evicts the least recently written entries beyond maxEntries', async () => {
    const store = createMemoryChatVersionStore({ maxEntries: 2 });
    await store.raise('a', 1);
    await store.raise('b', 1);
    await store.raise('a', 2);
    await store.raise('c', 1);
    expect(store.size()).toBe(2);
    expect(await store.get('b')).toBeNull();
    expect(await store.get('a')).toBe(2);
  });
});

describe('poll cursors', () => {
  it('round-trips versions and refuses foreign cursors', () => {
    expect(decodeCursor(encodeCursor(42))).toBe(42);
    expect(decodeCursor(undefined)).toBe(0);
    expect(decodeCursor('')).toBe(0);
    expect(decodeCursor('abc')).toBeNull();
    expect(decodeCursor('-1')).toBeNull();
    expect(decodeCursor('1e9')).toBeNull();
  });
});
