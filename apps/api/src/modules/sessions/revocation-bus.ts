/**
 * Carries "these sessions are over" to every cache of signed-in sessions (ADR 0015): in one
 * process by default (here), to every API process through Redis pub/sub when REDIS_URL is set
 * (`redis-revocation-bus.ts`).
 *
 * A cache may only trust its entries while the bus is `trusted()`: the Redis bus is not while
 * its subscriber connection is down (messages published meanwhile are lost), and it tells its
 * listeners to forget everything (`reset`) whenever that happens.
 */
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

/** The listeners of one bus (shared by both implementations). */
export function createListeners() {
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
