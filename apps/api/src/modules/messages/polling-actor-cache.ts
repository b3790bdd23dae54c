/**
 * The session behind a chat poll, remembered for a short time (ARCHITECTURE §10: an idle poll
 * touches no database). Without it every poll would look its session up (one indexed query);
 * with it an idle poll is answered from memory only.
 *
 * Only the two polling routes use it, and only for signed-in callers. Revocation is effective
 * on the next poll (ADR 0015): every ending of a session (sign-out, revoke, password change or
 * reset, e-mail change, account deletion, disabling, role change) arrives on the revocation
 * feed and drops the session's entries — in every process when the feed runs over Redis. While
 * the feed cannot be trusted (Redis subscriber down) nothing is answered from memory.
 * Keys are SHA-256 hashes of the credentials, so no token is kept in memory in clear.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { SessionActor } from '../../access/actor';
import type { RevocationEvent, RevocationFeed } from '../sessions/revocation-bus';

export interface PollingActorCache {
  resolve(request: FastifyRequest): Promise<SessionActor | null>;
  clear(): void;
  /** Stops listening to the revocation feed. */
  close(): void;
}

export interface PollingActorCacheOptions {
  revocations: RevocationFeed;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  actor: SessionActor;
  expiresAt: number;
}

export function createPollingActorCache(options: PollingActorCacheOptions): PollingActorCache {
  const { revocations } = options;
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 100_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  /** user id → keys of its entries, so a revocation finds them without a scan. */
  const byUser = new Map<string, Set<string>>();
  /** Raised by every revocation: a lookup that overlapped one does not store its (maybe stale) answer. */
  let generation = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = byUser.get(entry.actor.userId);
    keys?.delete(key);
    if (keys?.size === 0) byUser.delete(entry.actor.userId);
  }

  function store(key: string, actor: SessionActor) {
    entries.set(key, { actor, expiresAt: now() + ttlMs });
    let keys = byUser.get(actor.userId);
    if (!keys) byUser.set(actor.userId, (keys = new Set()));
    keys.add(key);
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      remove(oldest);
    }
  }

  function clear() {
    entries.clear();
    byUser.clear();
  }

  function onRevocation(event: RevocationEvent) {
    generation++;
    if (event.kind === 'reset') return clear();
    const keys = byUser.get(event.userId);
    if (!keys) return;
    for (const key of [...keys]) {
      if (event.kind === 'user' || entries.get(key)?.actor.sessionId === event.sessionId) remove(key);
    }
  }
  const unsubscribe = revocations.subscribe(onRevocation);

  return {
    async resolve(request) {
      const { authorization, cookie } = request.headers;
      if (!authorization && !cookie) return request.getActor();
      const key = createHash('sha256')
        .update(authorization ?? '')
        .update('\n')
        .update(cookie ?? '')
        .digest('base64url');
      const trusted = revocations.trusted();
      const cached = entries.get(key);
      if (cached && trusted && cached.expiresAt > now()) return cached.actor;
      remove(key);
      const before = generation;
      const actor = await request.getActor();
      if (actor && trusted && revocations.trusted() && generation === before) store(key, actor);
      return actor;
    },
    clear,
    close() {
      unsubscribe();
      clear();
    },
  };
}
