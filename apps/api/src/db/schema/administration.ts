/**
 * Administration (issue #10): invitations of colleagues into an organisation and the audit log
 * of administrative changes.
 */
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, REGIONS } from '@matchwerk/shared';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { hasOnly, isOneOf } from './enum-checks';
import { organizations } from './organizations';

const tz = { withTimezone: true } as const;

/**
 * An invitation to join an organisation: the mailed link carries a random token, only its
 * SHA-256 is stored. Accepting creates the user; it expires after 7 days.
 */
export const organizationInvitations = pgTable(
  'organization_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** User id of whoever invited (no FK: the invitation outlives a removed inviter). */
    invitedBy: text('invited_by'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', tz).notNull(),
    acceptedAt: timestamp('accepted_at', tz),
  },
  (table) => [
    index('organization_invitations_organization_idx').on(table.organizationId),
    index('organization_invitations_email_idx').on(table.email),
  ],
);

export type OrganizationInvitationRow = typeof organizationInvitations.$inferSelect;

/**
 * Who changed what in the administration, with the values before and after. No foreign keys:
 * the record must outlive the deleted organisation or user it describes. `regions` holds the
 * region(s) the change concerned, so partners see the entries of their regions.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', tz).notNull().defaultNow(),
    actorId: text('actor_id'),
    /** E-mail of the actor at the time (the user may be gone later). */
    actorEmail: text('actor_email'),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    targetType: text('target_type', { enum: AUDIT_TARGET_TYPES }).notNull(),
    targetId: text('target_id').notNull(),
    /** Readable name of the target at the time (organisation name or user e-mail). */
    targetLabel: text('target_label'),
    organizationId: uuid('organization_id'),
    regions: text('regions', { enum: REGIONS }).array().notNull().default([]),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [
    index('audit_log_target_idx').on(table.targetType, table.targetId, table.at),
    index('audit_log_organization_idx').on(table.organizationId, table.at),
    index('audit_log_at_idx').on(table.at),
    check('audit_log_action', isOneOf(table.action, AUDIT_ACTIONS)),
    check('audit_log_target_type', isOneOf(table.targetType, AUDIT_TARGET_TYPES)),
    check('audit_log_regions', hasOnly(table.regions, REGIONS)),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
