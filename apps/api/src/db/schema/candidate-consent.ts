/**
 * Parental consent of candidates under 16 (issue 46, ADR 0097): one row per candidate with the
 * parent's address, the state and the hash of the current link's token; and every consent event
 * (requested, re-sent, confirmed, declined, revoked) as its audit trail. Both go with the account.
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { isOneOf } from './enum-checks';
import { users } from './users';

const tz = { withTimezone: true } as const;

export const PARENTAL_CONSENT_STATES = ['PENDING', 'CONFIRMED', 'DECLINED', 'REVOKED'] as const;
export const PARENTAL_CONSENT_EVENTS = ['REQUESTED', 'RESENT', 'CONFIRMED', 'DECLINED', 'REVOKED'] as const;

export const parentalConsents = pgTable(
  'parental_consents',
  {
    applicantId: text('applicant_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentEmail: text('parent_email').notNull(),
    status: text('status', { enum: PARENTAL_CONSENT_STATES }).notNull(),
    /** SHA-256 (hex) of the link's random token; the token itself is only in the mail. */
    tokenHash: text('token_hash').unique('parental_consents_token_hash_key'),
    tokenExpiresAt: timestamp('token_expires_at', tz),
    requestedAt: timestamp('requested_at', tz).notNull(),
    decidedAt: timestamp('decided_at', tz),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (table) => [check('parental_consents_status', isOneOf(table.status, PARENTAL_CONSENT_STATES))],
);
export type ParentalConsentRow = typeof parentalConsents.$inferSelect;

export const parentalConsentEvents = pgTable(
  'parental_consent_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicantId: text('applicant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: text('event', { enum: PARENTAL_CONSENT_EVENTS }).notNull(),
    parentEmail: text('parent_email').notNull(),
    at: timestamp('at', tz)
      .notNull()
      .default(sql`now()`),
  },
  (table) => [
    index('parental_consent_events_applicant_at_idx').on(table.applicantId, table.at),
    check('parental_consent_events_event', isOneOf(table.event, PARENTAL_CONSENT_EVENTS)),
  ],
);
