import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { SessionActor } from '../../access/actor';
import { createPollingActorCache } from './polling-actor-cache';

const actor = { userId: 'u1', type: 'ORGANIZATION' } as SessionActor;

function fakeRequest(headers: Record<string, string>, resolved: SessionActor | null, counter: { lookups: number }): FastifyRequest {
  return {
    headers,
    getActor: () => {
      counter.lookups++;
      return Promise.resolve(resolved);
    },
  } as unknown as FastifyRequest;
}

describe('polling actor cache', () => {
  it('looks a session up once per TTL and then answers from memory', async () => {
    let now = 0;
    const cache = createPollingActorCache({ ttlMs: 1000, now: () => now });
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
    const cache = createPollingActorCache();
    const counter = { lookups: 0 };
    expect(await cache.resolve(fakeRequest({ authorization: 'Bearer bad' }, null, counter))).toBeNull();
    expect(await cache.resolve(fakeRequest({ authorization: 'Bearer bad' }, null, counter))).toBeNull();
    expect(await cache.resolve(fakeRequest({}, null, counter))).toBeNull();
    expect(counter.lookups).toBe(3);
    await cache.resolve(fakeRequest({ authorization: 'Bearer one' }, actor, counter));
    const other = { ...actor, userId: 'u2' };
    expect(await cache.resolve(fakeRequest({ authorization: 'Bearer two' }, other, counter))).toBe(other);
  });
});
