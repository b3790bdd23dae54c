/**
 * Redis down or hung while two API processes chat (issue 49 item 1, ADR 0105): sends answer 201
 * quickly and are stored, polls on the other process still see them (from the database), and once
 * Redis answers again the versions missed meanwhile are replayed, so no poll answers "nothing new"
 * for a message sent during the outage. Runs with TEST_REDIS_URL (CI has Redis); it starts its own
 * redis-server on another port and kills / freezes that one.
 */
import type { ReadyResponse } from '@matchwerk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app';
import { createRedisDataVersionStore } from '../cache/data-versions';
import { chats, messages } from '../db/schema/marketplace';
import { createRedisChatVersionStore } from '../modules/messages/chat-version-store';
import { createRedisRevocationBus } from '../modules/sessions/redis-revocation-bus';
import { redisProbe } from '../modules/system/readiness-probes';
import { createDiskBlobStorage } from '../modules/images/blob-storage';
import { bearer, createSessionToken, createTestUser } from '../testing/actors';
import { startTestRedisServer, type TestRedisServer } from '../testing/redis-server';
import { TEST_AUTH_SECRET } from '../config/env';
import { createTestApp, TEST_PUBLIC_URL, TEST_RATE_LIMITS, type TestApp } from '../testing/test-app';
import { createRedisRateLimitStore } from './rate-limit-store';

/** Everything one process keeps in Redis, each with a short breaker so the test does not wait long. */
function redisStores(url: string) {
  const prefix = `matchwerk-outage:`;
  return {
    chatVersionStore: createRedisChatVersionStore(url, { prefix: `${prefix}chatv:`, openMs: 200 }),
    dataVersionStore: createRedisDataVersionStore(url, { prefix, openMs: 200 }),
    revocationBus: createRedisRevocationBus(url, { channel: `${prefix}revocations` }),
    rateLimitStore: createRedisRateLimitStore(url, `${prefix}rl:`),
  };
}
type Stores = ReturnType<typeof redisStores>;

async function closeStores(stores: Stores | undefined) {
  if (!stores) return;
  await Promise.all([
    stores.chatVersionStore.close(),
    stores.dataVersionStore.close(),
    stores.revocationBus.close(),
    stores.rateLimitStore.close(),
  ]);
}

async function until(condition: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.runIf(process.env.TEST_REDIS_URL)('Redis outage with two processes', () => {
  let redis: TestRedisServer;
  let storesA: Stores;
  let storesB: Stores;
  let first: TestApp;
  let second: BuiltApp;
  let employer: Record<string, string>;
  let candidate: Record<string, string>;
  let organizationId: string;
  let chatId: string;
  let sendUrl: string;
  let pollUrl: string;

  beforeAll(async () => {
    redis = await startTestRedisServer();
    storesA = redisStores(redis.url);
    storesB = redisStores(redis.url);
    await Promise.all([storesA.revocationBus.ready(), storesB.revocationBus.ready()]);
    first = await createTestApp({
      ...storesA,
      readinessProbes: {
        redis: redisProbe([
          storesA.chatVersionStore,
          storesA.dataVersionStore,
          storesA.revocationBus,
          storesA.rateLimitStore,
        ]),
      },
    });
    second = await buildApp({
      database: first.database,
      mailer: first.mailer,
      authSecret: TEST_AUTH_SECRET,
      publicUrl: TEST_PUBLIC_URL,
      supportEmail: 'support@matchwerk.example',
      demoMailbox: true,
      blobStorage: createDiskBlobStorage(first.uploadDir),
      rateLimits: TEST_RATE_LIMITS,
      ...storesB,
    });
    await second.app.ready();
    const owner = await createTestUser(first, {
      type: 'ORGANIZATION',
      organization: { name: 'Ausfall GmbH', region: 'SINDELFINGEN' },
    });
    organizationId = owner.organizationId!;
    const applicant = await createTestUser(first, { type: 'APPLICANT' });
    const [chat] = await first.database.db
      .insert(chats)
      .values({ organizationId, applicantId: applicant.id })
      .returning({ id: chats.id });
    chatId = chat!.id;
    employer = bearer(await createSessionToken(first, owner.id));
    candidate = bearer(await createSessionToken(first, applicant.id));
    sendUrl = `/rest/messages/${applicant.id}`;
    pollUrl = `/rest/applicant/chats/${organizationId}/polling`;
  });

  afterAll(async () => {
    await second?.app.close();
    await first?.close();
    await closeStores(storesA);
    await closeStores(storesB);
    await redis?.close();
  });

  /** Sends on process A; returns the status and how long the answer took. */
  async function sendOnA(text: string) {
    const started = performance.now();
    const response = await first.app.inject({
      method: 'POST',
      url: sendUrl,
      headers: employer,
      payload: { text, clientMessageId: crypto.randomUUID() },
    });
    return { status: response.statusCode, ms: performance.now() - started };
  }

  /** The candidate polls on process B from `since`. */
  async function pollOnB(since: string) {
    const response = await second.app.inject({ method: 'GET', url: `${pollUrl}?since=${since}`, headers: candidate });
    return {
      status: response.statusCode,
      texts:
        response.statusCode === 200
          ? response.json<{ messages: { text: string }[] }>().messages.map((m) => m.text)
          : [],
      cursor: response.statusCode === 200 ? response.json<{ cursor: string }>().cursor : since,
    };
  }

  async function stored(): Promise<number> {
    return (await first.database.db.select({ id: messages.id }).from(messages).where(eq(messages.chatId, chatId)))
      .length;
  }

  it('Redis killed: sends answer 201 within a second, are stored, and the other process sees them', async () => {
    expect((await sendOnA('vorher')).status).toBe(201);
    const before = await pollOnB('0');
    expect(before.texts).toEqual(['vorher']);
    // Known in Redis now: an unchanged poll answers 204.
    expect((await pollOnB(before.cursor)).status).toBe(204);

    await redis.kill();
    const results = [];
    for (let i = 1; i <= 10; i++) results.push(await sendOnA(`während ${i}`));
    expect(results.map((result) => result.status)).toEqual(Array(10).fill(201));
    expect(Math.max(...results.map((result) => result.ms))).toBeLessThan(1000);
    expect(await stored()).toBe(11);
    expect(storesA.chatVersionStore.health()).toBe('degraded');
    // Readiness: still ready (200), Redis degraded, in German.
    const ready = await first.app.inject({ method: 'GET', url: '/rest/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json<ReadyResponse>()).toMatchObject({
      status: 'degraded',
      dependencies: { redis: { state: 'degraded' } },
    });
    expect(ready.json<ReadyResponse>().degraded).toEqual([expect.stringContaining('Redis ist nicht erreichbar')]);

    // Process B reads the database while it cannot trust Redis.
    const during = await pollOnB(before.cursor);
    expect(during.status).toBe(200);
    expect(during.texts).toHaveLength(10);

    await redis.start();
    await until(() => storesA.chatVersionStore.health() === 'ok' && storesB.chatVersionStore.health() === 'ok');
    expect((await sendOnA('nachher')).status).toBe(201);
    const after = await pollOnB(during.cursor);
    expect(after.texts).toEqual(['nachher']);
    expect((await first.app.inject({ method: 'GET', url: '/rest/ready' })).json<ReadyResponse>().status).toBe('ok');
    expect((await pollOnB(after.cursor)).status).toBe(204);
  });

  it('Redis hung (SIGSTOP): sends still answer 201 quickly; the versions missed are replayed when it answers again', async () => {
    const start = await pollOnB('0');
    // B's version of the chat is in Redis and current.
    expect((await pollOnB(start.cursor)).status).toBe(204);

    redis.freeze();
    try {
      const results = [];
      for (let i = 1; i <= 5; i++) results.push(await sendOnA(`eingefroren ${i}`));
      expect(results.map((result) => result.status)).toEqual(Array(5).fill(201));
      // A command waits at most 250 ms (commandTimeout), then the breaker answers at once.
      expect(Math.max(...results.map((result) => result.ms))).toBeLessThan(1500);
    } finally {
      redis.thaw();
    }
    // Redis still holds B's old version of the chat: without the replay B would answer 204.
    await until(() => storesA.chatVersionStore.health() === 'ok');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await pollOnB(start.cursor);
    expect(after.status).toBe(200);
    expect(after.texts).toHaveLength(5);
    expect((await pollOnB(after.cursor)).status).toBe(204);
  });
});
