/**
 * Sign-in security state that must outlive Redis (issue 49, migration 0031): the sign-in failure
 * counters (ADR 0109) and the e-mail verification links already used (ADR 0110).
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const tz = { withTimezone: true } as const;

/** rate-limiter-flexible's Drizzle store shape (properties key, points, expire): one row per "<limiter>:<key>". */
export const signInCounters = pgTable(
  'sign_in_counters',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    /** When the counter resets; null never (a block without end). */
    expire: timestamp('expires_at', tz),
  },
  (table) => [index('sign_in_counters_expires_at_idx').on(table.expire)],
);

/** SHA-256 of an e-mail verification token that was used; kept until the token expires anyway. */
export const usedEmailVerifications = pgTable(
  'used_email_verifications',
  {
    tokenHash: text('token_hash').primaryKey(),
    expiresAt: timestamp('expires_at', tz).notNull(),
  },
  (table) => [index('used_email_verifications_expires_at_idx').on(table.expiresAt)],
);
