/**
 * Candidate notifications (issue 46, ADR 0098/0099): a Web Push subscription per device, the
 * candidate's settings per kind, and the items the e-mail fallback collects until its mail goes
 * out. Everything goes with the user (cascade).
 */
import { CANDIDATE_NOTIFICATION_KINDS } from '@matchwerk/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { isOneOf } from './enum-checks';
import { authSessions } from './auth';
import { organizations } from './organizations';
import { users } from './users';

const tz = { withTimezone: true } as const;

/** One row per device (browser push subscription); the endpoint is the device's address at its push service. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The sign-in session that subscribed (migration 0031): ending it (sign-out, "sign out of all
     * other devices", password change) removes the subscription by cascade. Null: from before 0031.
     */
    sessionId: text('session_id').references(() => authSessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_key'),
    /** The device's ECDH P-256 public key (base64url, 65 bytes). */
    p256dh: text('p256dh').notNull(),
    /** The device's auth secret (base64url, 16 bytes). */
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    /** The push service last accepted a push for it (null: never yet). */
    lastSuccessAt: timestamp('last_success_at', tz),
  },
  (table) => [
    index('push_subscriptions_user_id_idx').on(table.userId),
    index('push_subscriptions_session_id_idx').on(table.sessionId),
  ],
);

/** A candidate's notification settings; no row = the defaults (everything on, quiet hours by age). */
export const candidateNotificationSettings = pgTable('candidate_notification_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pushMatchingAccepted: boolean('push_matching_accepted').notNull().default(true),
  pushMatchingDeclined: boolean('push_matching_declined').notNull().default(true),
  pushMessage: boolean('push_message').notNull().default(true),
  emailMatchingAccepted: boolean('email_matching_accepted').notNull().default(true),
  emailMatchingDeclined: boolean('email_matching_declined').notNull().default(true),
  emailMessage: boolean('email_message').notNull().default(true),
  /** Null: the default (on under 18, from the birth date). */
  quietHours: boolean('quiet_hours'),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
});

/** What the next fallback mail of a candidate tells; `mailed_at` is set when a mail took it. */
export const candidateMailItems = pgTable(
  'candidate_mail_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CANDIDATE_NOTIFICATION_KINDS }).notNull(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    mailedAt: timestamp('mailed_at', tz),
  },
  (table) => [
    index('candidate_mail_items_pending_idx')
      .on(table.userId)
      .where(sql`${table.mailedAt} is null`),
    check('candidate_mail_items_kind', isOneOf(table.kind, CANDIDATE_NOTIFICATION_KINDS)),
  ],
);
