/**
 * Data protection by default (issue #14, ADR 0046): the retention periods administrators set
 * (one row), which matchings and chats their organisation was told about before deletion, and
 * which inactive candidates were told before their account is deleted.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { chats, matchings } from './marketplace';
import { organizations } from './organizations';
import { users } from './users';

const tz = { withTimezone: true } as const;

/** The retention periods: exactly one row (id = 1), created by the migration with the defaults. */
export const retentionSettings = pgTable(
  'retention_settings',
  {
    id: smallint('id').primaryKey().default(1),
    matchingRetentionMonths: integer('matching_retention_months').notNull().default(6),
    candidateInactivityMonths: integer('candidate_inactivity_months').notNull().default(24),
    /** Null while the migration's defaults apply. */
    updatedAt: timestamp('updated_at', tz),
    updatedBy: text('updated_by'),
  },
  (table) => [
    check('retention_settings_single_row', sql`${table.id} = 1`),
    check('retention_settings_matching_bounds', sql`${table.matchingRetentionMonths} between 1 and 36`),
    check('retention_settings_candidate_bounds', sql`${table.candidateInactivityMonths} between 6 and 60`),
  ],
);

export type RetentionSettingsRow = typeof retentionSettings.$inferSelect;

/**
 * One row per matching or chat announced in a retention mail. The primary key makes the mail
 * idempotent (an item is announced once); the job deletes an item only when its notice is at
 * least RETENTION_NOTICE_DAYS old. Rows go with their item (ON DELETE CASCADE).
 */
export const retentionNotices = pgTable(
  'retention_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    matchingId: uuid('matching_id')
      .unique()
      .references(() => matchings.id, { onDelete: 'cascade' }),
    chatId: uuid('chat_id')
      .unique()
      .references(() => chats.id, { onDelete: 'cascade' }),
    noticedAt: timestamp('noticed_at', tz).notNull(),
  },
  (table) => [
    index('retention_notices_noticed_at_idx').on(table.noticedAt),
    check('retention_notices_one_item', sql`num_nonnulls(${table.matchingId}, ${table.chatId}) = 1`),
  ],
);

export type RetentionNoticeRow = typeof retentionNotices.$inferSelect;

/**
 * The last time a candidate was told that the account will be deleted for inactivity (one row
 * per candidate, overwritten by the next notice). A notice counts only for the inactivity spell
 * it was sent in: activity after `noticed_at` voids it, and the next spell needs a new mail.
 * The job deletes a candidate only when a notice that counts is at least RETENTION_NOTICE_DAYS
 * old. The row goes with the candidate (ON DELETE CASCADE).
 */
export const candidateRetentionNotices = pgTable('candidate_retention_notices', {
  applicantId: text('applicant_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  noticedAt: timestamp('noticed_at', tz).notNull(),
});

export type CandidateRetentionNoticeRow = typeof candidateRetentionNotices.$inferSelect;
