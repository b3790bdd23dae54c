import { LEGAL_DOCUMENTS, NOTIFICATION_INTERVALS, REGIONS, USER_TYPES } from '@matchwerk/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from './auth';
import { hasOnly, isOneOf } from './enum-checks';
import { organizations } from './organizations';

const tz = { withTimezone: true } as const;

/** The rows of the administration's users list (applicants are managed elsewhere); the list's queries repeat it literally so the partial indexes apply. */
export const MANAGED_USERS_PREDICATE = "type <> 'APPLICANT'";
const MANAGED = sql.raw(MANAGED_USERS_PREDICATE);

/**
 * Our user record, 1:1 with the auth user (same id). Name and e-mail belong to the auth user;
 * `email` and `name` here are copies kept by triggers (migration 0012, ADR 0033), never written
 * by code, so the administration's list can sort and page in one table's indexes.
 */
export const users = pgTable(
  'users',
  {
    id: text('id')
      .primaryKey()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    type: text('type', { enum: USER_TYPES }).notNull(),
    /** A regional partner's regions (one or more); empty for other types. */
    regions: text('regions', { enum: REGIONS }).array().notNull().default([]),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    privacyStatementSignedAt: timestamp('privacy_statement_signed_at', tz),
    termsAndConditionsSignedAt: timestamp('terms_and_conditions_signed_at', tz),
    notifyViaMail: boolean('notify_via_mail').notNull().default(true),
    notificationInterval: text('notification_interval', { enum: NOTIFICATION_INTERVALS }).notNull().default('DAILY'),
    /** Set by an admin or partner: the user cannot sign in and every session ended (null = enabled). */
    disabledAt: timestamp('disabled_at', tz),
    /** Last successful sign-in (sessions are deleted on sign-out, so they cannot tell). */
    lastSignInAt: timestamp('last_sign_in_at', tz),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    /** Copy of auth_users.email (trigger); read by the administration's list only. */
    email: text('email').notNull().default(''),
    /** Copy of auth_users.name (trigger); read by the administration's list only. */
    name: text('name').notNull().default(''),
  },
  (table) => [
    index('users_organization_id_idx').on(table.organizationId),
    index('users_type_idx').on(table.type),
    // Statistics (issue #11): candidates registered in a period.
    index('users_type_created_at_idx').on(table.type, table.createdAt),
    // The administration's users list (managed users, never applicants; ADR 0033): one index per
    // sort, the e-mail and id last, read backwards for descending; a deep page skips inside it.
    index('users_list_email_idx').on(table.email, table.id).where(MANAGED),
    index('users_list_name_idx').on(table.name, table.email, table.id).where(MANAGED),
    index('users_list_type_idx').on(table.type, table.email, table.id).where(MANAGED),
    index('users_list_created_at_idx').on(table.createdAt, table.email, table.id).where(MANAGED),
    // Never signed in comes last both ways, so descending has its own index.
    index('users_list_last_sign_in_idx').on(table.lastSignInAt.asc().nullsLast(), table.email, table.id).where(MANAGED),
    index('users_list_last_sign_in_desc_idx')
      .on(table.lastSignInAt.desc().nullsLast(), table.email.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(MANAGED),
    check('users_type', isOneOf(table.type, USER_TYPES)),
    check('users_regions', hasOnly(table.regions, REGIONS)),
    check('users_notification_interval', isOneOf(table.notificationInterval, NOTIFICATION_INTERVALS)),
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
    document: text('document', { enum: LEGAL_DOCUMENTS }).notNull(),
    version: text('version').notNull(),
    acceptedAt: timestamp('accepted_at', tz).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.document, table.version] }),
    check('legal_acceptances_document', isOneOf(table.document, LEGAL_DOCUMENTS)),
  ],
);
