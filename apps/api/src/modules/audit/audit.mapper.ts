import {
  AUDIT_FIELD_LABELS,
  AUDIT_SYSTEM_ACTOR_LABEL,
  auditActionLabel,
  auditFieldLabel,
  type AuditChange,
  type AuditEntry,
  type AuditValue,
} from '@matchwerk/shared';
import type { AuditLogRow } from '../../db/schema/index';

type Snapshot = Record<string, unknown>;

function asSnapshot(value: unknown): Snapshot | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Snapshot) : null;
}

/** A recorded value as the API shows it: primitives and string lists as they are, everything else as JSON text. */
export function toAuditValue(value: unknown): AuditValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value;
  return JSON.stringify(value);
}

const FIELD_ORDER = new Map(Object.keys(AUDIT_FIELD_LABELS).map((field, index) => [field, index]));

/** Known fields in the order of the label list (name, e-mail, region first), unknown ones after them by name: jsonb keeps no key order. */
function compareFields(a: string, b: string): number {
  const rankA = FIELD_ORDER.get(a) ?? Number.MAX_SAFE_INTEGER;
  const rankB = FIELD_ORDER.get(b) ?? Number.MAX_SAFE_INTEGER;
  return rankA !== rankB ? rankA - rankB : a.localeCompare(b);
}

/**
 * The fields that differ between before and after. A creation (no before) lists every field
 * set; a deletion every field it had.
 */
export function computeChanges(beforeValue: unknown, afterValue: unknown): AuditChange[] {
  const before = asSnapshot(beforeValue);
  const after = asSnapshot(afterValue);
  const fields = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])].sort(compareFields);
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const previous = toAuditValue(before?.[field]);
    const next = toAuditValue(after?.[field]);
    if (JSON.stringify(previous) === JSON.stringify(next)) continue;
    changes.push({ field, label: auditFieldLabel(field), before: previous, after: next });
  }
  return changes;
}

export function toAuditEntry(row: AuditLogRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorEmail: row.actorEmail,
    actorLabel: row.actorEmail ?? AUDIT_SYSTEM_ACTOR_LABEL,
    action: row.action,
    actionLabel: auditActionLabel(row.action),
    target: { type: row.targetType, id: row.targetId, label: row.targetLabel },
    organizationId: row.organizationId,
    changes: computeChanges(row.before, row.after),
  };
}
