/**
 * Versions of what feeds the unread counts (ADR 0040), kept in the chat version store (memory, or
 * Redis with REDIS_URL — ADR 0010), so an unchanged counts poll answers 204 without a query.
 *
 * Three keys per answer: the organisation's matchings (`m`), the candidates' messages to the
 * organisation (`c`) and the user's own seen marks (`u`, for a candidate also everything the
 * organisations do to it). A version is a clock value in microseconds plus a per-process counter,
 * raised on every change ("never lower" in the store); a missing entry is refilled with a new one
 * taken before the database is read, so a change committed during that read still moves it.
 */
import type { ChatVersionStore } from '../messages';

export const inboxKeys = {
  matchings: (organizationId: string) => `inbox:m:${organizationId}`,
  chats: (organizationId: string) => `inbox:c:${organizationId}`,
  user: (userId: string) => `inbox:u:${userId}`,
};

export interface InboxVersions {
  /** The stored versions of the keys (null where unknown). */
  get(keys: readonly string[]): Promise<Array<number | null>>;
  /** A new version for each key (a change happened). */
  bump(...keys: string[]): Promise<void>;
  /** Drops the keys: the next counts poll reads the database (a change may have gone unrecorded). */
  forget(...keys: string[]): Promise<void>;
  /** Fills unknown keys with a new version before the database is read; returns the versions to answer with. */
  fill(keys: readonly string[], known: ReadonlyArray<number | null>): Promise<number[]>;
}

export function createInboxVersions(store: ChatVersionStore, now: () => number = Date.now): InboxVersions {
  let counter = 0;
  /** Microseconds since 1970 plus a counter: distinct within a process, rising across processes. */
  const next = () => {
    counter = (counter + 1) % 1000;
    return now() * 1000 + counter;
  };
  return {
    get: (keys) => Promise.all(keys.map((key) => store.get(key))),
    async bump(...keys) {
      await Promise.all(keys.map((key) => store.raise(key, next())));
    },
    async forget(...keys) {
      await Promise.all(keys.map((key) => store.forget(key)));
    },
    async fill(keys, known) {
      return Promise.all(
        keys.map(async (key, index) => {
          const value = known[index];
          if (value !== null && value !== undefined) return value;
          const fresh = next();
          await store.raise(key, fresh);
          return fresh;
        }),
      );
    },
  };
}

/** The counts cursor: the versions joined by dots, base 36. */
export function encodeInboxCursor(versions: readonly number[]): string {
  return versions.map((version) => version.toString(36)).join('.');
}

export function versionString(version: number): string {
  return version.toString(36);
}
