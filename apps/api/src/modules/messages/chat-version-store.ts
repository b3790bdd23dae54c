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
import { Redis } from 'ioredis';
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

export function createRedisChatVersionStore(
  url: string,
  options: { prefix?: string; ttlSeconds?: number; onError?: (error: Error) => void } = {},
): ChatVersionStore {
  const prefix = options.prefix ?? 'matchwerk:chatv:';
  const ttlSeconds = options.ttlSeconds ?? TTL_SECONDS;
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  redis.on('error', (error: Error) => options.onError?.(error));
  return {
    async get(key) {
      const value = await redis.get(prefix + key);
      return value === null ? null : Number(value);
    },
    async raise(key, version) {
      await redis.eval(
        RAISE_SCRIPT,
        1,
        prefix + key,
        String(version),
        String(Math.max(1, Math.round(jittered(ttlSeconds, Math.random)))),
      );
    },
    async forget(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
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
