/**
 * The revocation bus across API processes: Redis pub/sub (ADR 0015). Only runs where Redis does,
 * so its tests run with TEST_REDIS_URL (session-revocation.routes.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  closeRedis,
  createResilientRedis,
  resilientRedisOptions,
  type RedisState,
} from '../../plugins/redis-resilience';
import { createListeners, parseRevocationMessage, type RevocationBus } from './revocation-bus';

export interface RedisRevocationBusOptions {
  channel?: string;
  /** Name of the subscriber connection in CLIENT LIST (operators; tests cut exactly this one). */
  subscriberName?: string;
  onError?: (error: Error) => void;
}

/**
 * Several processes: every publish goes to a Redis channel all API processes subscribe to.
 * Two connections, because a subscribed ioredis connection cannot publish.
 */
export function createRedisRevocationBus(
  url: string,
  options: RedisRevocationBusOptions = {},
): RevocationBus & { ready(): Promise<void>; health(): RedisState } {
  const channel = options.channel ?? 'matchwerk:session-revocations';
  const origin = randomUUID();
  const listeners = createListeners();
  // The publisher is on the request path: short timeouts, no offline queue, a breaker (ADR 0105).
  // While Redis is down this process's listeners still hear everything, and the other processes
  // read the database on every request (their subscriber is down too, so `trusted()` is false).
  const { client: publisher, breaker } = createResilientRedis(url, { onError: options.onError });
  // The subscriber waits for nothing on a request: it may keep ioredis's queue (its SUBSCRIBE is
  // sent once connected), but it reconnects as quickly as the publisher.
  const subscriber = new Redis(
    url,
    resilientRedisOptions({
      maxRetriesPerRequest: null,
      enableOfflineQueue: true,
      commandTimeout: undefined,
      connectionName: options.subscriberName ?? 'matchwerk-revocations',
    }),
  );
  let subscribed = false;
  let closing = false;
  const reportError = (error: Error) => options.onError?.(error);
  // Reported once per outage by the publisher's breaker, not once per reconnect attempt.
  subscriber.on('error', () => undefined);

  const lost = () => {
    if (!subscribed) return;
    subscribed = false;
    listeners.emit({ kind: 'reset' });
  };
  subscriber.on('close', lost);
  subscriber.on('end', lost);
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    const event = parseRevocationMessage(text);
    // Own messages were delivered locally when published.
    if (!event || event.origin === origin) return;
    const { origin: _origin, ...revocation } = event;
    listeners.emit(revocation);
  });

  let subscribing: Promise<void> | null = null;
  const subscribe = (): Promise<void> => {
    subscribing ??= subscriber
      .subscribe(channel)
      .then(() => {
        subscribed = !closing;
      })
      .finally(() => {
        subscribing = null;
      });
    return subscribing;
  };
  // ioredis re-subscribes by itself after a reconnect; once 'ready' has come and the channel
  // is confirmed, entries may be trusted again (what was published in between is covered by
  // the reset above: nothing cached from before the gap survives it).
  const first = subscribe();
  first.catch(reportError);
  subscriber.on('ready', () => {
    if (closing || subscribed) return;
    subscribe().catch(reportError);
  });

  return {
    subscribe: listeners.add,
    trusted: () => subscribed,
    health: () => (subscribed ? breaker.state() : 'degraded'),
    /** Resolves once the subscription stands (tests; the server does not need to wait). */
    ready: () => first,
    async publish(event) {
      listeners.emit(event);
      // The session rows are gone already (every other route sees that at once); only other
      // processes' poll caches miss it while Redis is down, and those do not trust their entries
      // then (their subscriber lost the connection: `reset`).
      await breaker.run(
        async () => {
          await publisher.publish(channel, JSON.stringify({ ...event, origin }));
        },
        () => undefined,
      );
    },
    async close() {
      closing = true;
      subscribed = false;
      listeners.clear();
      await Promise.allSettled([closeRedis(publisher), closeRedis(subscriber)]);
    },
  };
}
