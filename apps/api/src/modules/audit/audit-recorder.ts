import type { Region } from '@matchwerk/shared';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema/index';

/** A database handle or an open transaction: record inside the change's own transaction. */
export type AuditWriter = Pick<Database, 'insert'>;

/** Administrative changes the audit log records (issue #10). */
export const AUDIT_ACTIONS = [
  'organization.created',
  'organization.updated',
  'organization.deleted',
  'organization.activated',
  'organization.deactivated',
  'organization.approved',
  'organization.member_set',
  'organization.member_unset',
  'organization.region_changed',
  'user.created',
  'user.updated',
  'user.deleted',
  'user.disabled',
  'user.enabled',
  'user.role_changed',
  'user.password_reset_sent',
  'user.confirmation_resent',
  'invitation.sent',
  'invitation.accepted',
  'invitation.revoked',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  /** Who did it; null for the system (e.g. an accepted invitation, a scheduled job). */
  actor: { userId: string; email: string } | null;
  action: AuditAction;
  target: { type: 'organization' | 'user' | 'invitation'; id: string; label?: string | null };
  /** The organisation concerned (also for user changes), so its log shows them. */
  organizationId?: string | null;
  /** Region(s) concerned; partners see entries of their regions. */
  regions: readonly Region[];
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Writes one audit entry. Call it with the transaction that makes the change, so the change
 * and its record commit together or not at all. Secrets (passwords, tokens) never go in.
 */
export async function recordAudit(writer: AuditWriter, entry: AuditEntry): Promise<void> {
  await writer.insert(auditLog).values({
    actorId: entry.actor?.userId ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    targetLabel: entry.target.label ?? null,
    organizationId: entry.organizationId ?? null,
    regions: [...entry.regions],
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
