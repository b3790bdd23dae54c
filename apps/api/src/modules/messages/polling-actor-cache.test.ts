import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { SessionActor } from '../../access/actor';
import { createMemoryRevocationBus, type RevocationEvent, type RevocationFeed } from '../sessions/revocation-bus';
import { createPollingActorCache } from './polling-actor-cache';

const actor = { userId: 'u1', type: 'ORGANIZATION', sessionId: 's1' } as SessionActor;

function fakeRequest(headers: Record<string, string>, resolved: SessionActor | null, counter: { lookups: number }): FastifyRequest {
  return {
    headers,
    getActor: () => {
      counter.lookups++;
      return Promise.resolve(resolved);
    },
  } as unknown as FastifyRequest;
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

describe('polling actor cache', () => {
  it('looks a session up once per TTL and then answers from memory', async () => {
    let now = 0;
    const cache = createPollingActorCache({ revocations: createMemoryRevocationBus(), ttlMs: 1000, now: () => now });
    const counter = { lookups: 0 };
    const request = () => fakeRequest({ authorization: 'Bearer abc' }, actor, counter);
    expect(await cache.resolve(request())).toBe(actor);
    expect(await cache.resolve(request())).toBe(actor);
    expect(counter.lookups).toBe(1);
    now = 1000;
    await cache.resolve(request());
    expect(counter.lookups).toBe(2);
  });

  it('never caches signed-out callers and keeps credentials apart', async () => {
    const cache = createPollingActorCache({ revocations: createMemoryRevocationBus() });
    const counter = { lookups: 0 };
    expect(await cache.resolve(fakeRequest({ authorization: 'Bearer bad' }, null, counter))).toBeNull();
    expect(await cache.resolve(fakeRequest({ authorization: 'Bearer bad' }, null, counter))).toBeNull();
    expect(await cache.resolve(fakeRequest({}, null, counter))).toBeNull();
    expect(counter.lookups).toBe(3);
    await cache.resolve(fakeRequest({ authorization: 'Bearer one' }, actor, counter));
    const other = { ...actor, userId: 'u2' };
    expect(await cache.resolve(fakeRequest({ authorization: 'Bearer two' }, other, counter))).toBe(other);
  });

  it('drops a revoked session at once, and only that session', async () => {
    const bus = createMemoryRevocationBus();
    const cache = createPollingActorCache({ revocations: bus });
    const counter = { lookups: 0 };
    const second = { ...actor, sessionId: 's2' };
    await cache.resolve(fakeRequest({ authorization: 'Bearer one' }, actor, counter));
    await cache.resolve(fakeRequest({ authorization: 'Bearer two' }, second, counter));
    expect(counter.lookups).toBe(2);
    await bus.publish({ kind: 'session', sessionId: 's1', userId: 'u1' });
    // The revoked session is looked up again (and the database says: gone).
    expect(await cache.resolve(fakeRequest({ authorization: 'Bearer one' }, null, counter))).toBeNull();
    expect(counter.lookups).toBe(3);
    expect(await cache.resolve(fakeRequest({ authorization: 'Bearer two' }, null, counter))).toBe(second);
    expect(counter.lookups).toBe(3);
  });

  it('drops every session of a user on a user event, and everything on a reset', async () => {
    const feed = manualFeed();
    const cache = createPollingActorCache({ revocations: feed.feed });
    const counter = { lookups: 0 };
    const stranger = { ...actor, userId: 'u9', sessionId: 's9' };
    const warm = async () => {
      await cache.resolve(fakeRequest({ authorization: 'Bearer one' }, actor, counter));
      await cache.resolve(fakeRequest({ cookie: 'c=two' }, { ...actor, sessionId: 's2' }, counter));
      await cache.resolve(fakeRequest({ authorization: 'Bearer nine' }, stranger, counter));
    };
    await warm();
    expect(counter.lookups).toBe(3);
    feed.emit({ kind: 'user', userId: 'u1' });
    await warm();
    expect(counter.lookups).toBe(5);
    feed.emit({ kind: 'reset' });
    await warm();
    expect(counter.lookups).toBe(8);
    cache.close();
    expect(feed.listening()).toBe(false);
  });

  it('answers nothing from memory while the feed cannot be trusted', async () => {
    const feed = manualFeed();
    const cache = createPollingActorCache({ revocations: feed.feed });
    const counter = { lookups: 0 };
    const request = () => fakeRequest({ authorization: 'Bearer abc' }, actor, counter);
    await cache.resolve(request());
    feed.setTrusted(false);
    await cache.resolve(request());
    await cache.resolve(request());
    expect(counter.lookups).toBe(3);
    feed.setTrusted(true);
    await cache.resolve(request());
    await cache.resolve(request());
    expect(counter.lookups).toBe(4);
  });

  it('does not keep an answer whose lookup overlapped a revocation', async () => {
    const bus = createMemoryRevocationBus();
    const cache = createPollingActorCache({ revocations: bus });
    const counter = { lookups: 0 };
    let release: (value: SessionActor) => void = () => undefined;
    const slow = {
      headers: { authorization: 'Bearer abc' },
      getActor: () => {
        counter.lookups++;
        return new Promise<SessionActor>((resolve) => (release = resolve));
      },
    } as unknown as FastifyRequest;
    const pending = cache.resolve(slow);
    // The session row was read, then revoked before the answer came back.
    await bus.publish({ kind: 'session', sessionId: 's1', userId: 'u1' });
    release(actor);
    expect(await pending).toBe(actor);
    expect(await cache.resolve(fakeRequest({ authorization: 'Bearer abc' }, null, counter))).toBeNull();
    expect(counter.lookups).toBe(2);
  });
});
