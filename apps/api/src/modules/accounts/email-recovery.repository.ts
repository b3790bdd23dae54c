import { and, eq, gt, like } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authVerifications } from '../../db/schema/index';

const PREFIX = 'recover-email:';

export interface RecoveryRecord {
  userId: string;
  oldEmail: string;
  newEmail: string;
}

/** Recover-email tokens live hashed in better-auth's verification table. */
export function createEmailRecoveryRepository(db: Database) {
  return {
    async insert(tokenHash: string, record: RecoveryRecord, expiresAt: Date): Promise<void> {
      await db.insert(authVerifications).values({
        id: crypto.randomUUID(),
        identifier: PREFIX + tokenHash,
        value: JSON.stringify(record),
        expiresAt,
      });
    },
    async findValid(tokenHash: string, now: Date): Promise<RecoveryRecord | null> {
      const rows = await db
        .select({ value: authVerifications.value })
        .from(authVerifications)
        .where(and(eq(authVerifications.identifier, PREFIX + tokenHash), gt(authVerifications.expiresAt, now)))
        .limit(1);
      return rows[0] ? (JSON.parse(rows[0].value) as RecoveryRecord) : null;
    },
    /** Removes every recovery token of that user (after a recovery). */
    async deleteForUser(userId: string): Promise<void> {
      await db
        .delete(authVerifications)
        .where(
          and(
            like(authVerifications.identifier, `${PREFIX}%`),
            like(authVerifications.value, `%"userId":${JSON.stringify(userId)}%`),
          ),
        );
    },
  };
}

export type EmailRecoveryRepository = ReturnType<typeof createEmailRecoveryRepository>;
