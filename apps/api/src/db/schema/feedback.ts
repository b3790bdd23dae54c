import { FEEDBACK_CATEGORIES, FEEDBACK_STATUSES } from '@matchwerk/shared';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { isOneOf } from './enum-checks';
import { users } from './users';

/**
 * Feedback from the help page (ADR 0036). Stored before the mail to support is tried, so a
 * failed mail loses nothing; `mailedAt` stays null then. Deleting the account deletes its feedback.
 */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: FEEDBACK_CATEGORIES }).notNull(),
    message: text('message').notNull(),
    /** SPA route the user was on when opening the form. */
    page: text('page').notNull(),
    screenshotKey: text('screenshot_key'),
    screenshotMimeType: text('screenshot_mime_type'),
    status: text('status', { enum: FEEDBACK_STATUSES }).notNull().default('NEW'),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('feedback_created_at_idx').on(table.createdAt),
    index('feedback_status_created_at_idx').on(table.status, table.createdAt),
    index('feedback_user_id_idx').on(table.userId),
    check('feedback_category', isOneOf(table.category, FEEDBACK_CATEGORIES)),
    check('feedback_status', isOneOf(table.status, FEEDBACK_STATUSES)),
  ],
);
