/**
 * Issue 14 "Never miss a candidate" (ADR 0041): internal notes of an organisation on a
 * matching, and the answer deadline per region set by administrators.
 */
import { REGIONS } from '@matchwerk/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { isOneOf } from './enum-checks';
import { matchings } from './marketplace';
import { users } from './users';

const tz = { withTimezone: true } as const;

/**
 * A note of the organisation's users on one matching. Never part of the candidate API; deleted
 * with the matching (and so with the posting, the organisation or the candidate's account).
 */
export const matchingNotes = pgTable(
  'matching_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    matchingId: uuid('matching_id')
      .notNull()
      .references(() => matchings.id, { onDelete: 'cascade' }),
    /** Null once the author's account is deleted; the note stays for the colleagues. */
    authorUserId: text('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (table) => [
    index('matching_notes_matching_created_idx').on(table.matchingId, table.createdAt),
    index('matching_notes_author_idx').on(table.authorUserId),
  ],
);

export type MatchingNoteRow = typeof matchingNotes.$inferSelect;

/** Days after which an unanswered matching of an organisation in this region is declined automatically. */
export const responseDeadlines = pgTable(
  'response_deadlines',
  {
    region: text('region', { enum: REGIONS }).primaryKey(),
    declineAfterDays: integer('decline_after_days').notNull(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('response_deadlines_days', sql`${table.declineAfterDays} between 7 and 90`),
    check('response_deadlines_region', isOneOf(table.region, REGIONS)),
  ],
);

export type ResponseDeadlineRow = typeof responseDeadlines.$inferSelect;
