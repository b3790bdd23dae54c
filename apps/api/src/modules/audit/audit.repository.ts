import type { AuditAction, Region } from '@matchwerk/shared';
import { and, arrayOverlaps, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog, organizations, users, type AuditLogRow } from '../../db/schema/index';

export interface AuditPageParams {
  page: number;
  pageSize: number;
  /** null: every entry (admins); otherwise only entries that concern one of these regions. */
  regions: readonly Region[] | null;
}

export interface AuditFilter {
  organizationId?: string;
  /** Changes made to this user (target), not by them. */
  userId?: string;
  action?: AuditAction;
  /** Inclusive lower bound and exclusive upper bound of `at`. */
  from?: Date;
  until?: Date;
}

export function createAuditRepository(db: Database) {
  return {
    /** One page, newest first, and the total; the indexes (organization_id, at) and (target_type, target_id, at) serve the per-organisation and per-user histories. */
    async list(filter: AuditFilter, params: AuditPageParams): Promise<{ items: AuditLogRow[]; total: number }> {
      const conditions: SQL[] = [];
      if (filter.organizationId) conditions.push(eq(auditLog.organizationId, filter.organizationId));
      if (filter.userId) conditions.push(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, filter.userId));
      if (filter.action) conditions.push(eq(auditLog.action, filter.action));
      if (filter.from) conditions.push(gte(auditLog.at, filter.from));
      if (filter.until) conditions.push(lt(auditLog.at, filter.until));
      if (params.regions) conditions.push(arrayOverlaps(auditLog.regions, [...params.regions]));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [items, totals] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(params.pageSize)
          .offset(params.page * params.pageSize),
        db.select({ total: count() }).from(auditLog).where(where),
      ]);
      return { items, total: Number(totals[0]?.total ?? 0) };
    },

    async findOrganizationRegion(id: string): Promise<{ region: Region } | null> {
      const rows = await db
        .select({ region: organizations.region })
        .from(organizations)
        .where(eq(organizations.id, id))
        .limit(1);
      const row = rows[0];
      return row ? { region: row.region } : null;
    },

    /** The user's type and the region of its organisation (partners may see organisation users of their regions). */
    async findUserScope(id: string): Promise<{ type: string; organizationRegion: Region | null } | null> {
      const rows = await db
        .select({ type: users.type, organizationRegion: organizations.region })
        .from(users)
        .leftJoin(organizations, eq(organizations.id, users.organizationId))
        .where(eq(users.id, id))
        .limit(1);
      const row = rows[0];
      return row ? { type: row.type, organizationRegion: row.organizationRegion } : null;
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
