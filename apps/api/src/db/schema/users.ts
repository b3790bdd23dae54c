import type { LegalDocument, NotificationInterval, Region, UserType } from '@matchwerk/shared';
import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from './auth';
import { organizations } from './organizations';

const tz = { withTimezone: true } as const;

/**
 * Our user record, 1:1 with the auth user (same id). Name and e-mail live only in the auth
 * user, so there is one source for them.
 */
export const users = pgTable(
  'users',
  {
    id: text('id')
      .primaryKey()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    type: text('type').$type<UserType>().notNull(),
    /** A regional partner's regions (one or more); empty for other types. */
    regions: text('regions').array().$type<Region[]>().notNull().default([]),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    privacyStatementSignedAt: timestamp('privacy_statement_signed_at', tz),
    termsAndConditionsSignedAt: timestamp('terms_and_conditions_signed_at', tz),
    notifyViaMail: boolean('notify_via_mail').notNull().default(true),
    notificationInterval: text('notification_interval').$type<NotificationInterval>().notNull().default('DAILY'),
    /** Set by an admin or partner: the user cannot sign in and every session ended (null = enabled). */
    disabledAt: timestamp('disabled_at', tz),
    /** Last successful sign-in (sessions are deleted on sign-out, so they cannot tell). */
    lastSignInAt: timestamp('last_sign_in_at', tz),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (table) => [
    index('users_organization_id_idx').on(table.organizationId),
    index('users_type_idx').on(table.type),
    // Statistics (issue #11): candidates registered in a period.
    index('users_type_created_at_idx').on(table.type, table.createdAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/**
 * Which version of which legal document a user accepted, and when (ADR 0037). One row per
 * version: accepting the same version twice is impossible, a new version adds a row.
 */
export const legalAcceptances = pgTable(
  'legal_acceptances',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    document: text('document').$type<LegalDocument>().notNull(),
    version: text('version').notNull(),
    acceptedAt: timestamp('accepted_at', tz).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.document, table.version] })],
);
