import type { AuditAction, AuditTargetType, Region } from '@matchwerk/shared';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema/index';

/** A database handle or an open transaction: record inside the change's own transaction. */
export type AuditWriter = Pick<Database, 'insert'>;

// The action list lives in shared: the web shows German labels for the same list.
export { AUDIT_ACTIONS, type AuditAction } from '@matchwerk/shared';

export interface AuditEntry {
  /** Who did it; null for the system (e.g. an accepted invitation, a scheduled job). */
  actor: { userId: string; email: string } | null;
  action: AuditAction;
  target: { type: AuditTargetType; id: string; label?: string | null };
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
