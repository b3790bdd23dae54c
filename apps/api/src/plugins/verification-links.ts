/**
 * E-mail verification links work once (issue 49 item 13, ADR 0110). better-auth's links are
 * stateless JWTs valid for 24 h, and a second click answered "confirmed" again; whoever saw the
 * link (a shared inbox, a forwarded mail) could replay it. The auth hooks claim the token's hash
 * before better-auth verifies it (a row per used link, so two clicks at once cannot both pass) and
 * give the claim back when verification failed (an expired or forged token leaves no row). Rows
 * go once the link would have expired anyway.
 */
import { createHash } from 'node:crypto';
import { eq, lte } from 'drizzle-orm';
import type { Database } from '../db/client';
import { usedEmailVerifications } from '../db/schema/account-security';

export interface VerificationLinks {
  /** True the first time a token is claimed; false when it was used before. */
  claim(token: string, expiresAt: Date): Promise<boolean>;
  /** The verification failed: the token was not used after all. */
  release(token: string): Promise<void>;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export function createVerificationLinks(db: Database): VerificationLinks {
  return {
    async claim(token, expiresAt) {
      const rows = await db
        .insert(usedEmailVerifications)
        .values({ tokenHash: hashOf(token), expiresAt })
        .onConflictDoNothing()
        .returning({ tokenHash: usedEmailVerifications.tokenHash });
      return rows.length > 0;
    },
    async release(token) {
      await db.delete(usedEmailVerifications).where(eq(usedEmailVerifications.tokenHash, hashOf(token)));
    },
  };
}

/** Removes the hashes of links that have expired anyway (the daily retention run). */
export async function deleteExpiredVerificationClaims(db: Database, now: Date): Promise<number> {
  const rows = await db
    .delete(usedEmailVerifications)
    .where(lte(usedEmailVerifications.expiresAt, now))
    .returning({ tokenHash: usedEmailVerifications.tokenHash });
  return rows.length;
}
