import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authVerifications } from '../../db/schema/index';

const PREFIX = 'sign-in-unlock:';

export interface UnlockRecord {
  userId: string;
  email: string;
}

/** Unlock-link tokens live hashed in better-auth's verification table; each works once. */
export function createSignInUnlockRepository(db: Database) {
  return {
    async insert(tokenHash: string, record: UnlockRecord, expiresAt: Date): Promise<void> {
      await db
        .insert(authVerifications)
        .values({ id: crypto.randomUUID(), identifier: PREFIX + tokenHash, value: JSON.stringify(record), expiresAt });
    },
    /** Removes the token and returns its record if it was still valid. */
    async take(tokenHash: string, now: Date): Promise<UnlockRecord | null> {
      const rows = await db
        .delete(authVerifications)
        .where(eq(authVerifications.identifier, PREFIX + tokenHash))
        .returning({ value: authVerifications.value, expiresAt: authVerifications.expiresAt });
      const row = rows[0];
      return row && row.expiresAt > now ? (JSON.parse(row.value) as UnlockRecord) : null;
    },
  };
}

export type SignInUnlockRepository = ReturnType<typeof createSignInUnlockRepository>;
