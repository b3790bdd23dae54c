/**
 * Per-chat versions for cheap polling (ARCHITECTURE §10). A chat's version is its
 * `last_message_seq`; every send raises it. A poll whose cursor is already at the stored
 * version answers 204 without touching the database.
 *
 * Keys are `<organizationId>:<applicantId>`. The poller's half of the key comes from its own
 * session (its organisation, or its own user id), so an entry existing for the key is itself
 * the access decision: an entry is only ever written after the database showed that chat.
 * Entries expire after 10 minutes (memory and Redis), so a deleted chat is noticed within one TTL
 * and memory stays bounded; an expired or missing entry costs one indexed query to refill. Each
 * entry's TTL is shortened by a random up to 25 %: chats first polled together (a campaign start,
 * a restart) are not all refilled in the same second (issue #12: no refill waves).
 *
 * In memory per process by default; in Redis when REDIS_URL is set, so several API instances
 * see each other's sends (ARCHITECTURE §13).
 */
import { closeRedis, createResilientRedis, type RedisState } from '../../plugins/redis-resilience';
import { createTtlCache } from '../../cache/ttl-cache';

export interface ChatVersionStore {
  /** The chat's version, or null when unknown (cold start, expired, never seen). */
  get(key: string): Promise<number | null>;
  /** Raises the version to at least `version` (never lowers it: sends may report out of order). */
  raise(key: string, version: number): Promise<void>;
  /** Drops the entry (the chat was deleted). */
  forget(key: string): Promise<void>;
  close(): Promise<void>;
}

export function chatKey(organizationId: string, applicantId: string): string {
  return `${organizationId}:${applicantId}`;
}

/** The candidate's read mark of one chat (a seq): the organisation's chat poll shows "gelesen" from it (ADR 0040). */
export function applicantReadKey(organizationId: string, applicantId: string): string {
  return `read:${organizationId}:${applicantId}`;
}

const TTL_SECONDS = 600;
const TTL_JITTER = 0.25;

/** A TTL between (1 - TTL_JITTER) × and 1 × `ttl`. */
function jittered(ttl: number, random: () => number): number {
  return ttl * (1 - TTL_JITTER * random());
}

export interface MemoryChatVersionStoreOptions {
  ttlMs?: number;
  random?: () => number;
  /** At most this many entries; the least recently used go first. */
  maxEntries?: number;
  now?: () => number;
}

export function createMemoryChatVersionStore(
  options: MemoryChatVersionStoreOptions = {},
): ChatVersionStore & { size(): number } {
  const ttlMs = options.ttlMs ?? TTL_SECONDS * 1000;
  const random = options.random ?? Math.random;
  const maxEntries = options.maxEntries ?? 200_000;
  const now = options.now ?? Date.now;
  const entries = createTtlCache<string, number>({ max: maxEntries, maxLifetimeMs: ttlMs, now });
  return {
    get(key) {
      return Promise.resolve(entries.get(key) ?? null);
    },
    raise(key, version) {
      const current = entries.get(key);
      entries.set(key, current === undefined ? version : Math.max(current, version), jittered(ttlMs, random));
      return Promise.resolve();
    },
    forget(key) {
      entries.delete(key);
      return Promise.resolve();
    },
    close() {
      entries.clear();
      return Promise.resolve();
    },
    size: () => entries.size,
  };
}

/** Sets the key to max(current, new) and renews its TTL, atomically. */
const RAISE_SCRIPT = `
local current = redis.call('GET', KEYS[1])
local value = tonumber(ARGV[1])
if current and tonumber(current) > value then value = tonumber(current) end
redis.call('SET', KEYS[1], value, 'EX', ARGV[2])
return value`;

export interface RedisChatVersionStoreOptions {
  prefix?: string;
  ttlSeconds?: number;
  /** Called once per Redis outage (the store answers from the database meanwhile). */
  onError?: (error: Error) => void;
  /** How long after a failure the store does not try Redis (tests). */
  openMs?: number;
}

/**
 * In Redis, shared by the processes. Redis is an accelerator here (ADR 0105): while it is down or
 * slow, `get` answers "unknown" (the poll reads the database) and the raises and forgets are kept
 * in this process and replayed once Redis answers again, so no entry stays behind a send made
 * during the outage (raising is "never lower", so a replay is safe).
 */
export function createRedisChatVersionStore(
  url: string,
  options: RedisChatVersionStoreOptions = {},
): ChatVersionStore & { health(): RedisState; ready(): Promise<void> } {
  const prefix = options.prefix ?? 'matchwerk:chatv:';
  const ttlSeconds = options.ttlSeconds ?? TTL_SECONDS;
  const { client: redis, breaker } = createResilientRedis(url, { onError: options.onError, openMs: options.openMs });
  /** Writes Redis missed: key → the highest version raised, or null for a forget. Bounded. */
  const missed = new Map<string, number | null>();
  const MAX_MISSED = 100_000;
  const remember = (key: string, version: number | null) => {
    const before = missed.get(key);
    missed.delete(key);
    if (missed.size >= MAX_MISSED) {
      const oldest = missed.keys().next();
      if (!oldest.done) missed.delete(oldest.value);
    }
    missed.set(key, version === null || before === undefined || before === null ? version : Math.max(before, version));
  };
  const raiseInRedis = (key: string, version: number) =>
    redis.eval(
      RAISE_SCRIPT,
      1,
      prefix + key,
      String(version),
      String(Math.max(1, Math.round(jittered(ttlSeconds, Math.random)))),
    );
  let replaying = false;
  breaker.onRecovered(() => {
    if (replaying || missed.size === 0) return;
    replaying = true;
    void (async () => {
      try {
        for (const [key, version] of [...missed]) {
          if (version === null) await redis.del(prefix + key);
          else await raiseInRedis(key, version);
          if (missed.get(key) === version) missed.delete(key);
        }
      } catch (error) {
        options.onError?.(error as Error);
      } finally {
        replaying = false;
      }
    })();
  });
  return {
    get(key) {
      // A key with a missed write is unknown until the replay: Redis may hold an older version.
      if (missed.has(key)) return Promise.resolve(null);
      return breaker.run(
        async () => {
          const value = await redis.get(prefix + key);
          return value === null ? null : Number(value);
        },
        () => null,
      );
    },
    async raise(key, version) {
      await breaker.run(
        async () => {
          await raiseInRedis(key, version);
          const before = missed.get(key);
          if (typeof before === 'number' && before <= version) missed.delete(key);
        },
        () => remember(key, version),
      );
    },
    async forget(key) {
      await breaker.run(
        async () => {
          await redis.del(prefix + key);
        },
        () => remember(key, null),
      );
    },
    async close() {
      await closeRedis(redis);
    },
    health: () => breaker.state(),
    async ready() {
      if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
    },
  };
}

/** Poll cursors: the chat version as a decimal string ("0" = before the first message). */
export function encodeCursor(version: number): string {
  return String(version);
}

/** The version in a cursor; 0 without one; null when it is not a cursor of ours. */
export function decodeCursor(cursor: string | undefined): number | null {
  if (cursor === undefined || cursor === '') return 0;
  if (!/^[0-9]{1,9}$/.test(cursor)) return null;
  return Number(cursor);
}
