/**
 * Redis is an accelerator, never a dependency (issue 49 item 1, ADR 0105): every Redis client of
 * the API is made here with short timeouts and no offline queue, and every command goes through a
 * circuit breaker that answers from the caller's fallback (this process's memory, or the database)
 * at once while Redis is down — a request never waits for a reconnect and never fails because of
 * Redis.
 *
 * - `commandTimeout` ends a command Redis does not answer (a blocked or paused server);
 * - `enableOfflineQueue: false` (from the first connection on) fails commands at once while the
 *   connection is down (ioredis would otherwise hold them until it reconnects: the 11.5 s chat
 *   sends of the issue);
 * - the breaker opens after one failure and tries again after `openMs`; while it is open, calls go
 *   straight to the fallback. Stores that lost writes meanwhile replay them on `recovered`.
 */
import { Redis, type RedisOptions } from 'ioredis';

/** Milliseconds a Redis command may take before the caller falls back. */
export const REDIS_COMMAND_TIMEOUT_MS = 250;

/** The options every API Redis client uses (tests and operators: ADR 0105). */
export function resilientRedisOptions(extra: RedisOptions = {}): RedisOptions {
  return {
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 1000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // Reconnect quickly at first, then every 2 s at most (a restart is noticed within 2 s).
    retryStrategy: (attempt: number) => Math.min(attempt * 100, 2000),
    ...extra,
  };
}

export type RedisState = 'ok' | 'degraded';

export interface RedisBreaker {
  /** Runs `command` against Redis, or `fallback` when Redis is down, slow or failing. */
  run<T>(command: () => Promise<T>, fallback: () => T | Promise<T>): Promise<T>;
  /** 'ok' while Redis answers; 'degraded' while calls fall back. */
  state(): RedisState;
  /** Called once each time Redis answers again after calls fell back. */
  onRecovered(listener: () => void): void;
}

export interface BreakerOptions {
  /** How long after a failure calls go to the fallback without trying Redis. */
  openMs?: number;
  /** How long a call may wait for the very first connection (start-up) before falling back. */
  firstConnectMs?: number;
  now?: () => number;
  onError?: (error: Error) => void;
}

export function createRedisBreaker(client: Redis, options: BreakerOptions = {}): RedisBreaker {
  const openMs = options.openMs ?? 1000;
  const firstConnectMs = options.firstConnectMs ?? 1000;
  const now = options.now ?? Date.now;
  let openUntil = 0;
  let degraded = false;
  let everReady = client.status === 'ready';
  const recoveredListeners: Array<() => void> = [];

  // While degraded, a PING every `openMs` notices a Redis that answers again even when no request
  // uses this client (the stores' replays must not wait for the next request).
  let probe: NodeJS.Timeout | null = null;
  const scheduleProbe = () => {
    if (probe || closed) return;
    probe = setTimeout(() => {
      probe = null;
      if (closed || !degraded) return;
      if (client.status !== 'ready') return scheduleProbe();
      client.ping().then(recover, () => {
        openUntil = now() + openMs;
        scheduleProbe();
      });
    }, openMs);
    probe.unref();
  };
  let closed = false;
  client.on('end', () => {
    closed = true;
    if (probe) clearTimeout(probe);
  });
  const trip = (error: unknown) => {
    openUntil = now() + openMs;
    scheduleProbe();
    if (!degraded) {
      degraded = true;
      options.onError?.(error instanceof Error ? error : new Error(String(error)));
    }
  };
  const recover = () => {
    if (!degraded) return;
    degraded = false;
    openUntil = 0;
    for (const listener of recoveredListeners) listener();
  };
  client.on('ready', () => {
    everReady = true;
    openUntil = 0;
    recover();
  });
  client.on('close', () => {
    if (everReady) trip(new Error('Redis connection closed'));
  });

  /** Start-up: the first commands wait (bounded) for the first connection instead of falling back. */
  let firstReady: Promise<boolean> | null = null;
  const waitForFirstConnection = (): Promise<boolean> => {
    firstReady ??= new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), firstConnectMs);
      timer.unref();
      client.once('ready', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    return firstReady;
  };

  return {
    async run(command, fallback) {
      if (client.status !== 'ready') {
        const connecting = !everReady && (client.status === 'connecting' || client.status === 'connect');
        if (!connecting || !(await waitForFirstConnection())) {
          degraded = true;
          return fallback();
        }
      }
      if (now() < openUntil) return fallback();
      try {
        const result = await command();
        recover();
        return result;
      } catch (error) {
        trip(error);
        return fallback();
      }
    },
    state: () => (degraded || client.status !== 'ready' ? 'degraded' : 'ok'),
    onRecovered(listener) {
      recoveredListeners.push(listener);
    },
  };
}

export interface ResilientRedis {
  client: Redis;
  breaker: RedisBreaker;
}

/** A Redis client with the options above, its error listener and its breaker. */
export function createResilientRedis(
  url: string,
  options: { onError?: (error: Error) => void; openMs?: number; clientOptions?: RedisOptions } = {},
): ResilientRedis {
  // Commands made before the first connection wait for it (bounded by `commandTimeout`), so a
  // starting process does not count its first requests on its own; from then on none waits.
  const client = new Redis(url, resilientRedisOptions({ enableOfflineQueue: true, ...options.clientOptions }));
  client.once('ready', () => {
    client.options.enableOfflineQueue = options.clientOptions?.enableOfflineQueue ?? false;
  });
  // Without a listener ioredis reports every reconnect attempt as an unhandled error event.
  // Reported once per outage through the breaker, not once per reconnect attempt.
  client.on('error', () => undefined);
  const breaker = createRedisBreaker(client, { openMs: options.openMs, onError: options.onError });
  return { client, breaker };
}

/** Quits a client that may be down: never waits for a reconnect. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    await client.quit().catch(() => client.disconnect());
  } else {
    client.disconnect();
  }
}
