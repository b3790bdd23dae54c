/**
 * Ends sessions and makes sure no cache keeps them alive (ADR 0015). The session rows are the
 * truth (every route but the chat polls reads them on each request); this module deletes rows
 * where our own code ends sessions and announces every ending on the revocation bus, so the
 * poll cache drops them before the next request.
 *
 * Fed by: better-auth's session delete hook (sign-out, revoke-session(s), revoke-other-sessions,
 * password change and reset), the e-mail change and its recovery, account deletion, and any
 * service that disables a user or changes their role (`revokeAllForUser` / `userChanged`).
 */
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authSessions } from '../../db/schema/index';
import type { RevocationBus, RevocationFeed } from './revocation-bus';

export interface SessionRevocationsDeps {
  db: Database;
  bus: RevocationBus;
}

export interface SessionRevocations {
  /** For session caches: revocation events and whether cached sessions may be trusted. */
  feed: RevocationFeed;
  /** A session row is gone (better-auth deleted it, or it went by cascade). */
  sessionEnded(session: { id: string; userId: string }): Promise<void>;
  /** Every session row of these users is gone already (e.g. the account was deleted). */
  usersSignedOut(userIds: readonly string[]): Promise<void>;
  /** Signs the user out everywhere: deletes every session, effective on the next request. */
  revokeAllForUser(userId: string): Promise<void>;
  /** Signs the user out everywhere but the session with this token (null: everywhere). */
  revokeOtherSessions(userId: string, keepSessionToken: string | null): Promise<void>;
  /** What a session knows of the user changed (role, regions, organisation, status, legal texts, notification settings, e-mail): cached sessions must be looked up again. */
  userChanged(userId: string): Promise<void>;
  /** What a session knows of the organisation changed (name, region, active, approval): its users' cached sessions must be looked up again. */
  organizationChanged(organizationId: string): Promise<void>;
}

export function createSessionRevocations(deps: SessionRevocationsDeps): SessionRevocations {
  const { db, bus } = deps;
  const announceUser = (userId: string) => bus.publish({ kind: 'user', userId });
  return {
    feed: bus,
    sessionEnded: (session) => bus.publish({ kind: 'session', sessionId: session.id, userId: session.userId }),
    async usersSignedOut(userIds) {
      await Promise.all(userIds.map(announceUser));
    },
    async revokeAllForUser(userId) {
      await db.delete(authSessions).where(eq(authSessions.userId, userId));
      await announceUser(userId);
    },
    async revokeOtherSessions(userId, keepSessionToken) {
      await db
        .delete(authSessions)
        .where(
          keepSessionToken
            ? and(eq(authSessions.userId, userId), ne(authSessions.token, keepSessionToken))
            : eq(authSessions.userId, userId),
        );
      // The kept session is looked up again too: harmless, and its user data may have changed.
      await announceUser(userId);
    },
    userChanged: announceUser,
    organizationChanged: (organizationId) => bus.publish({ kind: 'organization', organizationId }),
  };
}
