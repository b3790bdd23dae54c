/** Reports of candidates (ADR 0101): stored, listed per region, their status changed with an audit entry. */
import type { Region, ReportReason, ReportStatus, ReportSubject } from '@matchwerk/shared';
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authUsers, chats, contactEnds, organizations, reports, vacancies } from '../../db/schema/index';
import { recordAudit, type AuditEntry } from '../audit';

export interface ReportTarget {
  organizationId: string;
  organizationName: string;
  region: Region;
  vacancyId: string | null;
  vacancyTitle: string | null;
}

export interface NewReport {
  reporterId: string;
  subject: ReportSubject;
  reason: ReportReason;
  text: string;
  target: ReportTarget;
  at: Date;
}

export interface ReportRecord {
  id: string;
  subject: ReportSubject;
  reason: ReportReason;
  text: string;
  status: ReportStatus;
  statusNote: string | null;
  region: Region;
  organizationId: string | null;
  organizationName: string;
  vacancyId: string | null;
  vacancyTitle: string | null;
  reporterId: string | null;
  reporterName: string | null;
  contactEnded: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** Whether the reporter ended contact with the reported company (one primary-key look-up per row). */
const contactEndedSql = sql<boolean>`exists (select 1 from ${contactEnds} where ${contactEnds.applicantId} = ${reports.reporterId} and ${contactEnds.organizationId} = ${reports.organizationId})`;

const COLUMNS = {
  id: reports.id,
  subject: reports.subject,
  reason: reports.reason,
  text: reports.text,
  status: reports.status,
  statusNote: reports.statusNote,
  region: reports.region,
  organizationId: reports.organizationId,
  organizationName: reports.organizationName,
  vacancyId: reports.vacancyId,
  vacancyTitle: reports.vacancyTitle,
  reporterId: reports.reporterId,
  reporterName: authUsers.name,
  contactEnded: contactEndedSql,
  createdAt: reports.createdAt,
  updatedAt: reports.updatedAt,
};

export function createReportsRepository(db: Database) {
  async function findById(id: string): Promise<ReportRecord | null> {
    const rows = await db
      .select(COLUMNS)
      .from(reports)
      .leftJoin(authUsers, eq(authUsers.id, reports.reporterId))
      .where(eq(reports.id, id))
      .limit(1);
    return rows[0] ?? null;
  }

  return {
    findById,

    /** A posting (any state: a deactivated one may still be reported) with its company. */
    async findVacancyTarget(vacancyId: string): Promise<ReportTarget | null> {
      const [row] = await db
        .select({
          organizationId: organizations.id,
          organizationName: organizations.name,
          region: organizations.region,
          vacancyId: vacancies.id,
          vacancyTitle: vacancies.title,
        })
        .from(vacancies)
        .innerJoin(organizations, eq(organizations.id, vacancies.organizationId))
        .where(eq(vacancies.id, vacancyId))
        .limit(1);
      return row ?? null;
    },

    async findOrganizationTarget(organizationId: string): Promise<ReportTarget | null> {
      const [row] = await db
        .select({ organizationId: organizations.id, organizationName: organizations.name, region: organizations.region })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
        .limit(1);
      return row ? { ...row, vacancyId: null, vacancyTitle: null } : null;
    },

    async hasChat(organizationId: string, applicantId: string): Promise<boolean> {
      const rows = await db
        .select({ id: chats.id })
        .from(chats)
        .where(and(eq(chats.organizationId, organizationId), eq(chats.applicantId, applicantId)))
        .limit(1);
      return rows.length > 0;
    },

    async create(input: NewReport): Promise<{ id: string; status: ReportStatus }> {
      const [row] = await db
        .insert(reports)
        .values({
          reporterId: input.reporterId,
          subject: input.subject,
          reason: input.reason,
          text: input.text,
          organizationId: input.target.organizationId,
          organizationName: input.target.organizationName,
          vacancyId: input.target.vacancyId,
          vacancyTitle: input.target.vacancyTitle,
          region: input.target.region,
          createdAt: input.at,
          updatedAt: input.at,
        })
        .returning({ id: reports.id, status: reports.status });
      if (!row) throw new Error('report insert returned nothing');
      return row;
    },

    /** Newest first; `regions` null = every region (administrators). */
    async list(query: {
      status?: ReportStatus | undefined;
      search?: string | undefined;
      regions: readonly Region[] | null;
      page: number;
      pageSize: number;
    }): Promise<{ items: ReportRecord[]; total: number }> {
      const conditions: SQL[] = [];
      if (query.status) conditions.push(eq(reports.status, query.status));
      if (query.regions) conditions.push(inArray(reports.region, [...query.regions]));
      if (query.search) {
        const pattern = `%${query.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
        conditions.push(
          or(ilike(reports.organizationName, pattern), ilike(reports.vacancyTitle, pattern), ilike(reports.text, pattern))!,
        );
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const [items, totals] = await Promise.all([
        db
          .select(COLUMNS)
          .from(reports)
          .leftJoin(authUsers, eq(authUsers.id, reports.reporterId))
          .where(where)
          .orderBy(desc(reports.createdAt), desc(reports.id))
          .limit(query.pageSize)
          .offset(query.page * query.pageSize),
        db.select({ total: count() }).from(reports).where(where),
      ]);
      return { items, total: Number(totals[0]?.total ?? 0) };
    },

    /** The new status and note, and its audit entry, in one transaction. */
    async setStatus(
      id: string,
      change: { status: ReportStatus; note: string | null; at: Date },
      audit: Omit<AuditEntry, 'before' | 'after'> & { before: Record<string, unknown> },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(reports)
          .set({ status: change.status, statusNote: change.note, updatedAt: change.at })
          .where(eq(reports.id, id));
        await recordAudit(tx, { ...audit, after: { status: change.status, note: change.note } });
      });
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
