/**
 * Per-organisation data versions (ADR 0065): a number that changes whenever anything an
 * organisation's screens show changes, so an answer kept under one version is known to be current
 * while the version stays. Raised by the database's change notifications (migration 0021) and, for
 * the hot writes no trigger notifies, by the response cache's event subscriber (ADR 0092).
 *
 * In memory per process by default; in Redis when REDIS_URL is set, so a write answered by one
 * API process retires what the others keep before its answer leaves.
 *
 * A version starts at the clock in microseconds and rises by at least one with every change
 * (never lower: `max(current + 1, clock)`). An entry unused for its lifetime is dropped; it starts
 * again from the clock, above every value it had before, so an old version never comes back.
 */
import { closeRedis, createResilientRedis, type RedisState } from '../plugins/redis-resilience';
import { createTtlCache } from './ttl-cache';

export interface DataVersionStore {
  /**
   * The key's version; a key not known yet starts at the clock. A store in memory answers at
   * once, so the fast path (ADR 0075) waits for nothing.
   */
  current(key: string): number | Promise<number>;
  /** Something under the key changed: a new, higher version. */
  bump(key: string): Promise<void>;
  close(): Promise<void>;
}

export function organizationDataKey(organizationId: string): string {
  return `data:o:${organizationId}`;
}

/** Every posting candidates may see, as a card shows it (migration 0030, ADR 0107). */
export const POSTINGS_DATA_KEY = 'data:p';

/** A candidate's own side of the feed: interests, dismissals, ended contacts, profile (ADR 0107). */
export function candidateDataKey(applicantId: string): string {
  return `data:a:${applicantId}`;
}

/** Ten minutes: an organisation nobody reads or changes for that long starts afresh. */
const LIFETIME_SECONDS = 600;

export interface MemoryDataVersionStoreOptions {
  /** Epoch milliseconds. */
  now?: () => number;
  maxEntries?: number;
}

export function createMemoryDataVersionStore(options: MemoryDataVersionStoreOptions = {}): DataVersionStore {
  const now = options.now ?? Date.now;
  const clock = () => now() * 1000;
  const lifetimeMs = LIFETIME_SECONDS * 1000;
  const versions = createTtlCache<string, number>({
    max: options.maxEntries ?? 100_000,
    maxLifetimeMs: lifetimeMs,
    now,
  });
  return {
    current(key) {
      let version = versions.get(key);
      if (version === undefined) {
        version = clock();
        versions.set(key, version, lifetimeMs);
      }
      return version;
    },
    bump(key) {
      const version = versions.peek(key);
      versions.set(key, Math.max(version === undefined ? 0 : version + 1, clock()), lifetimeMs);
      return Promise.resolve();
    },
    close() {
      versions.clear();
      return Promise.resolve();
    },
  };
}

/** Reads the version (starting it at ARGV[1] when missing) and renews its lifetime (ARGV[2] s). */
const CURRENT_SCRIPT = `
local value = redis.call('GET', KEYS[1])
if not value then value = ARGV[1] end
redis.call('SET', KEYS[1], value, 'EX', ARGV[2])
return value`;

/** max(current + 1, ARGV[1]), with a renewed lifetime. */
const BUMP_SCRIPT = `
local current = redis.call('GET', KEYS[1])
local value = tonumber(ARGV[1])
if current and tonumber(current) + 1 > value then value = tonumber(current) + 1 end
redis.call('SET', KEYS[1], string.format('%.0f', value), 'EX', ARGV[2])
return 1`;

/**
 * In Redis, shared by the processes. Redis is an accelerator here (ADR 0105): while it is down or
 * slow, `current` answers a version no kept answer has (a negative one, new each time), so every
 * request reads the database, and bumps are kept in this process and replayed once Redis answers
 * again (a bump only raises, so a replay is safe).
 */
export function createRedisDataVersionStore(
  url: string,
  options: { prefix?: string; onError?: (error: Error) => void; openMs?: number } = {},
): DataVersionStore & { health(): RedisState } {
  const prefix = options.prefix ?? 'matchwerk:';
  const { client: redis, breaker } = createResilientRedis(url, { onError: options.onError, openMs: options.openMs });
  const clock = () => String(Date.now() * 1000);
  let uncached = 0;
  /** Keys bumped while Redis was down (bounded: an organisation not replayed expires within its lifetime). */
  const missed = new Set<string>();
  const bumpInRedis = (key: string) => redis.eval(BUMP_SCRIPT, 1, prefix + key, clock(), String(LIFETIME_SECONDS));
  breaker.onRecovered(() => {
    const keys = [...missed];
    missed.clear();
    void Promise.all(keys.map((key) => bumpInRedis(key))).catch((error: unknown) => {
      for (const key of keys) missed.add(key);
      options.onError?.(error as Error);
    });
  });
  return {
    current(key) {
      if (missed.has(key)) return Promise.resolve(-++uncached);
      return breaker.run(
        async () => Number(await redis.eval(CURRENT_SCRIPT, 1, prefix + key, clock(), String(LIFETIME_SECONDS))),
        () => -++uncached,
      );
    },
    async bump(key) {
      await breaker.run(
        async () => {
          await bumpInRedis(key);
        },
        () => {
          if (missed.size < 100_000) missed.add(key);
        },
      );
    },
    async close() {
      await closeRedis(redis);
    },
    health: () => breaker.state(),
  };
}
