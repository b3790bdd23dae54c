/**
 * The signed-in actor behind a session token, remembered for a short time, so an authenticated
 * request costs no database query while its session is known (ADR 0027; issue #12: the session
 * join was ~73 % of a request's CPU). Every route resolves its actor through this cache.
 *
 * Revocation is effective on the next request (ADR 0015): every ending of a session and every
 * change of what a session knows about its user or organisation arrives on the revocation feed
 * and drops the affected entries — in every process when the feed runs over Redis. While the
 * feed cannot be trusted (Redis subscriber down) nothing is answered from memory. A lookup that
 * overlapped a revocation is not stored (generation counter). Entries live a jittered TTL, never
 * past the session's own expiry, so sessions signed in together do not expire together.
 * Keys are SHA-256 hashes of the credentials as presented (cookie or Bearer value, ADR 0054), so
 * no token is kept in memory in clear, and a hit needs no signature check: only a credential whose
 * signature was checked on its miss is ever stored, and a forged or altered one hashes to another
 * key, misses, and is verified. Unknown or refused credentials are never stored.
 */
import { hash } from 'node:crypto';
import type { SessionActor } from '../../access/actor';
import { createTtlCache } from '../../cache/ttl-cache';
import type { RevocationEvent, RevocationFeed } from './revocation-bus';

/** What a lookup found: the actor and when its session expires (epoch ms). */
export interface FoundSession {
  actor: SessionActor;
  expiresAt: number;
}

export interface SessionActorCache {
  /**
   * The credential's actor: from memory while fresh and trusted, otherwise from `lookup`, which
   * must verify the credential (signature) before it looks the session up.
   */
  resolve(credential: string, lookup: () => Promise<FoundSession | null>): Promise<SessionActor | null>;
  /** The credential's actor if it is in memory and may be trusted now; never looks anything up. */
  known(credential: string): SessionActor | undefined;
  clear(): void;
  /** Stops listening to the revocation feed. */
  close(): void;
}

export interface SessionActorCacheOptions {
  revocations: RevocationFeed;
  /** Longest time an entry is kept; each entry lives between (1 - jitter) × and 1 × this. */
  ttlMs?: number;
  jitter?: number;
  /**
   * Bounds memory: beyond this many sessions the least recently used are forgotten (and looked up
   * again). lru-cache reserves its slots up front, and larger tables cost garbage-collector time on
   * the hot path; 20 000 sessions active within one TTL is far above one process's load.
   */
  maxEntries?: number;
  now?: () => number;
  random?: () => number;
}

/** A set per id (user or organisation) of the cache keys that belong to it. */
function createIndex() {
  const index = new Map<string, Set<string>>();
  return {
    add(id: string, key: string) {
      let keys = index.get(id);
      if (!keys) index.set(id, (keys = new Set()));
      keys.add(key);
    },
    delete(id: string, key: string) {
      const keys = index.get(id);
      keys?.delete(key);
      if (keys?.size === 0) index.delete(id);
    },
    keys: (id: string): string[] => [...(index.get(id) ?? [])],
    clear: () => index.clear(),
  };
}

function keyOf(credential: string): string {
  return hash('sha256', credential, 'base64url');
}

export function createSessionActorCache(options: SessionActorCacheOptions): SessionActorCache {
  const { revocations } = options;
  const ttlMs = options.ttlMs ?? 120_000;
  const jitter = options.jitter ?? 0.25;
  const maxEntries = options.maxEntries ?? 100_000;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const byUser = createIndex();
  const byOrganization = createIndex();
  const entries = createTtlCache<string, SessionActor>({
    max: maxEntries,
    maxLifetimeMs: ttlMs,
    now,
    // Whatever removes an entry (expiry, eviction, revocation) also removes it from the indexes.
    onRemove(actor, key) {
      byUser.delete(actor.userId, key);
      if (actor.organizationId) byOrganization.delete(actor.organizationId, key);
    },
  });
  /** Lookups under way, shared by concurrent requests of one token (no refill stampede). */
  const pending = new Map<string, { generation: number; answer: Promise<FoundSession | null> }>();
  /** Raised by every revocation: a lookup that overlapped one does not store its (maybe stale) answer. */
  let generation = 0;

  function store(key: string, found: FoundSession) {
    const lifetime = Math.min(ttlMs * (1 - jitter * random()), found.expiresAt - now());
    if (!entries.set(key, found.actor, lifetime)) return;
    byUser.add(found.actor.userId, key);
    if (found.actor.organizationId) byOrganization.add(found.actor.organizationId, key);
  }

  function clear() {
    entries.clear();
    byUser.clear();
    byOrganization.clear();
  }

  function onRevocation(event: RevocationEvent) {
    generation++;
    pending.clear();
    if (event.kind === 'reset') return clear();
    if (event.kind === 'organization') {
      for (const key of byOrganization.keys(event.organizationId)) entries.delete(key);
      return;
    }
    for (const key of byUser.keys(event.userId)) {
      if (event.kind === 'user' || entries.peek(key)?.sessionId === event.sessionId) entries.delete(key);
    }
  }
  const unsubscribe = revocations.subscribe(onRevocation);

  async function lookUp(
    key: string,
    lookup: () => Promise<FoundSession | null>,
    trusted: boolean,
  ): Promise<SessionActor | null> {
    const shared = pending.get(key);
    if (shared && shared.generation === generation) return (await shared.answer)?.actor ?? null;
    const started = generation;
    const answer = lookup();
    pending.set(key, { generation: started, answer });
    try {
      const found = await answer;
      if (found && trusted && revocations.trusted() && generation === started) store(key, found);
      return found?.actor ?? null;
    } finally {
      if (pending.get(key)?.answer === answer) pending.delete(key);
    }
  }

  return {
    resolve(credential, lookup) {
      const key = keyOf(credential);
      const trusted = revocations.trusted();
      if (trusted) {
        const cached = entries.get(key);
        if (cached) return Promise.resolve(cached);
      } else entries.delete(key);
      return lookUp(key, lookup, trusted);
    },
    known(credential) {
      return revocations.trusted() ? entries.get(keyOf(credential)) : undefined;
    },
    clear,
    close() {
      unsubscribe();
      clear();
      pending.clear();
    },
  };
}
