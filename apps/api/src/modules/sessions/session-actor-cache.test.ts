import { describe, expect, it } from 'vitest';
import type { SessionActor } from '../../access/actor';
import { createMemoryRevocationBus, type RevocationEvent, type RevocationFeed } from './revocation-bus';
import { createSessionActorCache, type FoundSession } from './session-actor-cache';

const actor = { userId: 'u1', type: 'ORGANIZATION', organizationId: 'o1', sessionId: 's1' } as SessionActor;
const FAR = Number.MAX_SAFE_INTEGER;

/** A lookup that counts its calls and answers `found` (an actor, or null for no session). */
function counting(counter: { lookups: number }, found: SessionActor | null, expiresAt = FAR) {
  return () => {
    counter.lookups++;
    return Promise.resolve(found ? { actor: found, expiresAt } : null);
  };
}

/** A feed the test drives by hand. */
function manualFeed() {
  let listener: ((event: RevocationEvent) => void) | null = null;
  let trusted = true;
  const feed: RevocationFeed = {
    subscribe(next) {
      listener = next;
      return () => (listener = null);
    },
    trusted: () => trusted,
  };
  return {
    feed,
    emit: (event: RevocationEvent) => listener?.(event),
    setTrusted: (value: boolean) => (trusted = value),
    listening: () => listener !== null,
  };
}

describe('session actor cache', () => {
  it('looks a session up once per TTL and then answers from memory', async () => {
    let now = 0;
    const cache = createSessionActorCache({
      revocations: createMemoryRevocationBus(),
      ttlMs: 1000,
      jitter: 0,
      now: () => now,
    });
    const counter = { lookups: 0 };
    expect(await cache.resolve('abc', counting(counter, actor))).toBe(actor);
    expect(await cache.resolve('abc', counting(counter, actor))).toBe(actor);
    expect(counter.lookups).toBe(1);
    now = 1000;
    await cache.resolve('abc', counting(counter, actor));
    expect(counter.lookups).toBe(2);
  });

  it('spreads the lifetimes of entries (jitter) and never keeps one past its session', async () => {
    let now = 0;
    const randoms = [0, 1];
    const cache = createSessionActorCache({
      revocations: createMemoryRevocationBus(),
      ttlMs: 1000,
      jitter: 0.5,
      now: () => now,
      random: () => randoms.shift() ?? 0,
    });
    const counter = { lookups: 0 };
    await cache.resolve('long', counting(counter, actor));
    await cache.resolve('short', counting(counter, { ...actor, sessionId: 's2' }));
    await cache.resolve('ending', counting(counter, { ...actor, sessionId: 's3' }, 100));
    now = 99;
    for (const token of ['long', 'short', 'ending']) await cache.resolve(token, counting(counter, actor));
    expect(counter.lookups).toBe(3);
    now = 100;
    await cache.resolve('ending', counting(counter, null));
    expect(counter.lookups).toBe(4);
    now = 500;
    await cache.resolve('short', counting(counter, actor));
    await cache.resolve('long', counting(counter, actor));
    expect(counter.lookups).toBe(5);
    now = 1000;
    await cache.resolve('long', counting(counter, actor));
    expect(counter.lookups).toBe(6);
  });

  it('never caches unknown tokens and keeps tokens apart', async () => {
    const cache = createSessionActorCache({ revocations: createMemoryRevocationBus() });
    const counter = { lookups: 0 };
    expect(await cache.resolve('bad', counting(counter, null))).toBeNull();
    expect(await cache.resolve('bad', counting(counter, null))).toBeNull();
    expect(counter.lookups).toBe(2);
    await cache.resolve('one', counting(counter, actor));
    const other = { ...actor, userId: 'u2' };
    expect(await cache.resolve('two', counting(counter, other))).toBe(other);
  });

  it('shares one lookup among concurrent requests of a token', async () => {
    const cache = createSessionActorCache({ revocations: createMemoryRevocationBus() });
    const counter = { lookups: 0 };
    const answers = await Promise.all([1, 2, 3].map(() => cache.resolve('abc', counting(counter, actor))));
    expect(answers).toEqual([actor, actor, actor]);
    expect(counter.lookups).toBe(1);
  });

  it('drops a revoked session at once, and only that session', async () => {
    const bus = createMemoryRevocationBus();
    const cache = createSessionActorCache({ revocations: bus });
    const counter = { lookups: 0 };
    const second = { ...actor, sessionId: 's2' };
    await cache.resolve('one', counting(counter, actor));
    await cache.resolve('two', counting(counter, second));
    expect(counter.lookups).toBe(2);
    await bus.publish({ kind: 'session', sessionId: 's1', userId: 'u1' });
    // The revoked session is looked up again (and the database says: gone).
    expect(await cache.resolve('one', counting(counter, null))).toBeNull();
    expect(counter.lookups).toBe(3);
    expect(await cache.resolve('two', counting(counter, null))).toBe(second);
    expect(counter.lookups).toBe(3);
  });

  it('drops every session of a user on a user event, of an organisation on an organisation event, and everything on a reset', async () => {
    const feed = manualFeed();
    const cache = createSessionActorCache({ revocations: feed.feed });
    const counter = { lookups: 0 };
    const colleague = { ...actor, userId: 'u2', sessionId: 's2' };
    const stranger = { ...actor, userId: 'u9', organizationId: 'o9', sessionId: 's9' };
    const warm = async () => {
      await cache.resolve('one', counting(counter, actor));
      await cache.resolve('two', counting(counter, colleague));
      await cache.resolve('nine', counting(counter, stranger));
    };
    await warm();
    expect(counter.lookups).toBe(3);
    feed.emit({ kind: 'user', userId: 'u1' });
    await warm();
    expect(counter.lookups).toBe(4);
    feed.emit({ kind: 'organization', organizationId: 'o1' });
    await warm();
    expect(counter.lookups).toBe(6);
    feed.emit({ kind: 'reset' });
    await warm();
    expect(counter.lookups).toBe(9);
    cache.close();
    expect(feed.listening()).toBe(false);
  });

  it('answers nothing from memory while the feed cannot be trusted', async () => {
    const feed = manualFeed();
    const cache = createSessionActorCache({ revocations: feed.feed });
    const counter = { lookups: 0 };
    await cache.resolve('abc', counting(counter, actor));
    feed.setTrusted(false);
    await cache.resolve('abc', counting(counter, actor));
    await cache.resolve('abc', counting(counter, actor));
    expect(counter.lookups).toBe(3);
    feed.setTrusted(true);
    await cache.resolve('abc', counting(counter, actor));
    await cache.resolve('abc', counting(counter, actor));
    expect(counter.lookups).toBe(4);
  });

  it('knows a session without a lookup only while it is in memory and the feed is trusted', async () => {
    const feed = manualFeed();
    const cache = createSessionActorCache({ revocations: feed.feed });
    expect(cache.known('abc')).toBeUndefined();
    await cache.resolve('abc', counting({ lookups: 0 }, actor));
    expect(cache.known('abc')).toBe(actor);
    expect(cache.known('abd')).toBeUndefined();
    feed.setTrusted(false);
    expect(cache.known('abc')).toBeUndefined();
    feed.setTrusted(true);
    expect(cache.known('abc')).toBe(actor);
    feed.emit({ kind: 'session', sessionId: 's1', userId: 'u1' });
    expect(cache.known('abc')).toBeUndefined();
  });

  it('does not keep or share an answer whose lookup overlapped a revocation', async () => {
    const bus = createMemoryRevocationBus();
    const cache = createSessionActorCache({ revocations: bus });
    const counter = { lookups: 0 };
    let release: (value: FoundSession) => void = () => undefined;
    const pending = cache.resolve('abc', () => {
      counter.lookups++;
      return new Promise<FoundSession>((resolve) => (release = resolve));
    });
    // The session row was read, then revoked before the answer came back.
    await bus.publish({ kind: 'session', sessionId: 's1', userId: 'u1' });
    // A request after the revocation does not join the lookup from before it.
    const after = cache.resolve('abc', counting(counter, null));
    release({ actor, expiresAt: FAR });
    expect(await pending).toBe(actor);
    expect(await after).toBeNull();
    expect(await cache.resolve('abc', counting(counter, null))).toBeNull();
    expect(counter.lookups).toBe(3);
  });
});
