/**
 * The marketplace (issue 4): candidate profiles and photos, matchings, chats, messages and the
 * notification-mail log. Everything hangs off organisations, vacancies and users with
 * ON DELETE CASCADE, so deleting a company, a posting or an account removes its matchings,
 * chats and messages (the delete-account feature relies on it).
 */
import {
  CANDIDATE_STRENGTHS,
  MATCHING_STATES,
  MESSAGE_SENDERS,
  NOTIFICATION_INTERVALS,
  POSTING_TYPES,
  REGIONS,
} from '@matchwerk/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { hasOnly, isOneOf } from './enum-checks';
import { organizations } from './organizations';
import { users } from './users';
import { vacancies } from './vacancies';

const tz = { withTimezone: true } as const;

/** A candidate's profile, 1:1 with an APPLICANT user. */
export const applicantProfiles = pgTable(
  'applicant_profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    names: text('names')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    familyNames: text('family_names')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    school: text('school'),
    region: text('region', { enum: REGIONS }),
    about: text('about'),
    interests: text('interests')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Issue 46 item 8 (ADR 0100): home postcode (the feed's default centre; never shown to employers). */
    zipCode: text('zip_code'),
    /** Posting types and training occupations the candidate wants (the feed's default filters). */
    wantedTypes: text('wanted_types', { enum: POSTING_TYPES })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    wantedFields: text('wanted_fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    availableFrom: date('available_from', { mode: 'string' }),
    /** Up to three of CANDIDATE_STRENGTHS. */
    strengths: text('strengths', { enum: CANDIDATE_STRENGTHS })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (table) => [
    index('applicant_profiles_region_idx').on(table.region),
    check('applicant_profiles_wanted_types', hasOnly(table.wantedTypes, POSTING_TYPES)),
    check('applicant_profiles_strengths', hasOnly(table.strengths, CANDIDATE_STRENGTHS)),
    check('applicant_profiles_region', isOneOf(table.region, REGIONS)),
  ],
);

export type ApplicantProfileRow = typeof applicantProfiles.$inferSelect;

/**
 * A candidate's photos. Own table (the postings' `photos` table has no applicant column); the
 * files go through the same image pipeline and blob storage.
 */
export const applicantPhotos = pgTable(
  'applicant_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicantId: text('applicant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    storageKey: text('storage_key').notNull().unique(),
    mimeType: text('mime_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (table) => [index('applicant_photos_applicant_id_position_idx').on(table.applicantId, table.position)],
);

export type ApplicantPhotoRow = typeof applicantPhotos.$inferSelect;

/** A candidate's interest in a posting; the organisation decides OPEN → ACCEPTED | REJECTED. */
export const matchings = pgTable(
  'matchings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vacancyId: uuid('vacancy_id')
      .notNull()
      .references(() => vacancies.id, { onDelete: 'cascade' }),
    applicantId: text('applicant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: MATCHING_STATES }).notNull().default('OPEN'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', tz),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** Issue 14: the friendly words to the candidate with a decline (or the automatic one); null = none. */
    declineMessage: text('decline_message'),
    /** Issue 14: declined by the answer deadline, not by a person (left out of the response rate). */
    declinedAutomatically: boolean('declined_automatically').notNull().default(false),
    /** Issue 14: when the employer was reminded of this open matching (one reminder per matching). */
    reminderSentAt: timestamp('reminder_sent_at', tz),
    /** Issue 46 item 5 (ADR 0100): the candidate's optional note with the interest (plain text, ≤ 500). */
    note: text('note'),
  },
  (table) => [
    unique('matchings_vacancy_applicant_unique').on(table.vacancyId, table.applicantId),
    // The candidate's own list, newest first and keyset-paged (ADR 0029), and "does this
    // applicant have a matching with one of the org's postings".
    index('matchings_applicant_created_idx').on(table.applicantId, table.createdAt, table.id),
    // The organisation's list per group (ADR 0029): per posting and state, the keyset in order;
    // a page and the group counts read this index alone (index-only).
    index('matchings_vacancy_state_created_idx').on(table.vacancyId, table.state, table.createdAt, table.id),
    // Notification digests: new matchings of a window.
    index('matchings_created_at_idx').on(table.createdAt),
    // Statistics (issue #11): decisions of a period and the answer time.
    index('matchings_decided_at_idx').on(table.decidedAt),
    check('matchings_state', isOneOf(table.state, MATCHING_STATES)),
  ],
);

export type MatchingRow = typeof matchings.$inferSelect;

/**
 * One chat per organisation and candidate, opened when the organisation accepts a matching.
 * `last_message_seq` is the chat's version: every message takes the next number while holding
 * this row's lock, so numbers follow commit order and a poll cursor never skips a message.
 */
export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    applicantId: text('applicant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', tz).notNull().defaultNow(),
    lastMessageSeq: integer('last_message_seq').notNull().default(0),
  },
  (table) => [
    // Also an organisation's chats. No index holds last_message_at or last_message_seq, which every
    // message sets: the chat row's update stays HOT, without a new entry in each index (ADR 0086).
    unique('chats_organization_applicant_unique').on(table.organizationId, table.applicantId),
    index('chats_applicant_idx').on(table.applicantId),
    index('chats_created_at_idx').on(table.createdAt),
  ],
);

export type ChatRow = typeof chats.$inferSelect;

export type MessageSender = (typeof MESSAGE_SENDERS)[number];

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    /** Position in the chat (1, 2, …): the poll cursor. */
    seq: integer('seq').notNull(),
    sender: text('sender', { enum: MESSAGE_SENDERS }).notNull(),
    senderUserId: text('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    clientMessageId: text('client_message_id'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (table) => [
    unique('messages_chat_seq_unique').on(table.chatId, table.seq),
    // Idempotent send: a retry with the same client id is stored once (NULLs never clash).
    unique('messages_chat_sender_client_id_unique').on(table.chatId, table.sender, table.clientMessageId),
    // Notification digests: candidate messages of a window.
    index('messages_created_at_idx').on(table.createdAt),
    check('messages_sender', isOneOf(table.sender, MESSAGE_SENDERS)),
  ],
);

export type MessageRow = typeof messages.$inferSelect;

/**
 * Notification mails sent (or being sent): one row per user and window. The primary key makes
 * "two API instances never send the same mail twice" a database guarantee — a sender inserts
 * the row first and only the one whose insert succeeded sends.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** IMMEDIATELY:<window end ISO>, DAILY:<Berlin date>, WEEKLY:<Berlin date of the Monday>. */
    windowKey: text('window_key').notNull(),
    interval: text('interval', { enum: NOTIFICATION_INTERVALS }).notNull(),
    /** Items created in (covered_from, covered_until] were in this mail. */
    coveredFrom: timestamp('covered_from', tz).notNull(),
    coveredUntil: timestamp('covered_until', tz).notNull(),
    matchingsCount: integer('matchings_count').notNull().default(0),
    messagesCount: integer('messages_count').notNull().default(0),
    sentAt: timestamp('sent_at', tz),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.windowKey] }),
    index('notification_deliveries_user_until_idx').on(table.userId, table.coveredUntil),
    check('notification_deliveries_interval', isOneOf(table.interval, NOTIFICATION_INTERVALS)),
  ],
);

export type NotificationDeliveryRow = typeof notificationDeliveries.$inferSelect;

/**
 * A candidate looked at a posting (issue #11), recorded through the candidate API once per
 * candidate, posting and Berlin calendar day. Feeds the views per posting and the statistics.
 */
export const vacancyViews = pgTable(
  'vacancy_views',
  {
    vacancyId: uuid('vacancy_id')
      .notNull()
      .references(() => vacancies.id, { onDelete: 'cascade' }),
    applicantId: text('applicant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.vacancyId, table.applicantId, table.day] }),
    index('vacancy_views_day_idx').on(table.day),
  ],
);

export type VacancyViewRow = typeof vacancyViews.$inferSelect;
