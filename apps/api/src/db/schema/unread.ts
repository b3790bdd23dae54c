/**
 * What each user has seen (issue #14, ADR 0040). Per user, not per organisation: every member of
 * an organisation has their own "new since your last visit". Candidates use the same tables.
 */
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { chats } from './marketplace';
import { users } from './users';

const tz = { withTimezone: true } as const;

/**
 * When the user last opened their matchings (Anfragen; for a candidate: their own matchings).
 * Organisation users: open matchings created after it are new. Candidates: matchings decided
 * after it are new. No row = nothing seen yet.
 */
export const userSeenMarks = pgTable('user_seen_marks', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  matchingsSeenAt: timestamp('matchings_seen_at', tz).notNull(),
});

/**
 * How far a user has read a chat: the seq of the newest message read. The other side's messages
 * with a higher seq are unread for this user. The candidate's row is also the "gelesen" state
 * that the organisation sees on its own messages.
 */
export const chatReads = pgTable(
  'chat_reads',
  {
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readSeq: integer('read_seq').notNull().default(0),
    readAt: timestamp('read_at', tz).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.chatId, table.userId] }), index('chat_reads_user_idx').on(table.userId)],
);

export type ChatReadRow = typeof chatReads.$inferSelect;
