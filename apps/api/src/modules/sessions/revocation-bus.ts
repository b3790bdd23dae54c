/**
 * Carries "these sessions are over" to every cache of signed-in sessions (ADR 0015): in one
 * process by default, to every API process through Redis pub/sub when REDIS_URL is set.
 *
 * A cache may only trust its entries while the bus is `trusted()`: the Redis bus is not while
 * its subscriber connection is down (messages published meanwhile are lost), and it tells its
 * listeners to forget everything (`reset`) whenever that happens.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

export type RevocationEvent =
  /** One session ended (sign-out, revoked, replaced on password change). */
  | { kind: 'session'; sessionId: string; userId: string }
  /** Every session of the user ended, or what a session knows about the user changed (role, regions, disabled). */
  | { kind: 'user'; userId: string }
  /** What sessions know about the organisation changed (name, region, active, approval). */
  | { kind: 'organization'; organizationId: string }
  /** Revocations may have been missed: forget every cached session. */
  | { kind: 'reset' };

export type PublishedRevocation = Exclude<RevocationEvent, { kind: 'reset' }>;
export type RevocationListener = (event: RevocationEvent) => void;

/** What a session cache needs: the events, and whether it may trust what it remembers. */
export interface RevocationFeed {
  subscribe(listener: RevocationListener): () => void;
  trusted(): boolean;
}

export interface RevocationBus extends RevocationFeed {
  /** Delivers to this process's listeners before it resolves, then to the other processes. */
  publish(event: PublishedRevocation): Promise<void>;
  close(): Promise<void>;
}

function createListeners() {
  const listeners = new Set<RevocationListener>();
  return {
    add: (listener: RevocationListener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit: (event: RevocationEvent) => {
      for (const listener of listeners) listener(event);
    },
    clear: () => listeners.clear(),
  };
}

/** One process: revocations reach the caches of this process only. */
export function createMemoryRevocationBus(): RevocationBus {
  const listeners = createListeners();
  return {
    subscribe: listeners.add,
    trusted: () => true,
    publish(event) {
      listeners.emit(event);
      return Promise.resolve();
    },
    close() {
      listeners.clear();
      return Promise.resolve();
    },
  };
}

const ID = /^[A-Za-z0-9_-]{1,128}$/;

/** Parses a message of the channel; anything malformed is ignored. */
export function parseRevocationMessage(text: string): (PublishedRevocation & { origin: string }) | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { kind, userId, sessionId, organizationId, origin } = value as Record<string, unknown>;
  if (typeof origin !== 'string') return null;
  if (kind === 'organization')
    return typeof organizationId === 'string' && ID.test(organizationId) ? { kind, organizationId, origin } : null;
  if (typeof userId !== 'string' || !ID.test(userId)) return null;
  if (kind === 'user') return { kind, userId, origin };
  if (kind === 'session' && typeof sessionId === 'string' && ID.test(sessionId))
    return { kind, userId, sessionId, origin };
  return null;
}

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
): RevocationBus & { ready(): Promise<void> } {
  const channel = options.channel ?? 'matchwerk:session-revocations';
  const origin = randomUUID();
  const listeners = createListeners();
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, {
    maxRetriesPerRequest: null,
    connectionName: options.subscriberName ?? 'matchwerk-revocations',
  });
  let subscribed = false;
  let closing = false;
  const reportError = (error: Error) => options.onError?.(error);
  publisher.on('error', reportError);
  subscriber.on('error', reportError);

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
    /** Resolves once the subscription stands (tests; the server does not need to wait). */
    ready: () => first,
    async publish(event) {
      listeners.emit(event);
      try {
        await publisher.publish(channel, JSON.stringify({ ...event, origin }));
      } catch (error) {
        // The session rows are gone already (every other route sees that at once); only other
        // processes' poll caches miss it, and they drop entries after their TTL anyway.
        reportError(error as Error);
      }
    },
    async close() {
      closing = true;
      subscribed = false;
      listeners.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
