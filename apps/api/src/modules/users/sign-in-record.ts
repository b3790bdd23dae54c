/**
 * The sign-in gate for disabled users and the last sign-in time, in one query per new session
 * (better-auth's session.create.before hook), never on ordinary requests.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';

/**
 * Stamps `last_sign_in_at` unless the user is disabled; answers whether the session may be
 * created. A user without our row (cannot happen for web-app users) is let through untouched.
 */
export function createSignInRecorder(db: Database) {
  return async function recordSignIn(userId: string, at: Date): Promise<{ allowed: boolean }> {
    const rows = await db
      .update(users)
      .set({
        lastSignInAt: sql`case when ${users.disabledAt} is null then ${at.toISOString()}::timestamptz else ${users.lastSignInAt} end`,
      })
      .where(eq(users.id, userId))
      .returning({ disabledAt: users.disabledAt });
    return { allowed: !rows[0]?.disabledAt };
  };
}
