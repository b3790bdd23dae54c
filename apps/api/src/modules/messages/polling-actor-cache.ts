/**
 * The session behind a chat poll, remembered for a short time (ARCHITECTURE §10: an idle poll
 * touches no database). Without it every poll would look its session up (one indexed query);
 * with it an idle poll is answered from memory only.
 *
 * Only the two polling routes use it, and only for signed-in callers. The price: a session
 * that was signed out or revoked can keep polling — reading new messages of chats it could
 * read anyway — for at most `ttlMs` (default 30 s, six poll intervals). Sending, reading a
 * whole chat and every other route always check the session against the database.
 * Keys are SHA-256 hashes of the credentials, so no token is kept in memory in clear.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { SessionActor } from '../../access/actor';

export interface PollingActorCache {
  resolve(request: FastifyRequest): Promise<SessionActor | null>;
  clear(): void;
}

export function createPollingActorCache(options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}): PollingActorCache {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 100_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { actor: SessionActor; expiresAt: number }>();
  return {
    async resolve(request) {
      const { authorization, cookie } = request.headers;
      if (!authorization && !cookie) return request.getActor();
      const key = createHash('sha256')
        .update(authorization ?? '')
        .update('\n')
        .update(cookie ?? '')
        .digest('base64url');
      const cached = entries.get(key);
      if (cached && cached.expiresAt > now()) return cached.actor;
      entries.delete(key);
      const actor = await request.getActor();
      if (actor) {
        entries.set(key, { actor, expiresAt: now() + ttlMs });
        while (entries.size > maxEntries) {
          const oldest = entries.keys().next().value;
          if (oldest === undefined) break;
          entries.delete(oldest);
        }
      }
      return actor;
    },
    clear: () => entries.clear(),
  };
}
