/**
 * Safeguarding reports (issue 46 item 6, ADR 0101). Candidates report a posting, a company or a
 * chat; regional partners work the reports of their regions, administrators all of them. A
 * partner asking for a report of another region gets 404, like an unknown id. Every status
 * change is audited. The reporter is shown to partners and administrators only — no route of
 * the employer's side reads this table.
 */
import {
  CONTACT_MESSAGES,
  createReportRequestSchema,
  REPORTS_PER_DAY,
  type Region,
  type ReportCreated,
  type ReportItem,
  type ReportPage,
} from '@matchwerk/shared';
import type { z } from 'zod';
import type { reportListQuerySchema, reportStatusUpdateSchema } from '@matchwerk/shared';
import { requireActor, type SessionActor } from '../../access/actor';
import { isUuid } from '../../access/ids';
import { AppError } from '../../errors/app-error';
import type { RateLimitDecision } from '../../plugins/rate-limit-store';
import type { ReportRecord, ReportsRepository, ReportTarget } from './reports.repository';

export interface ReportsServiceDeps {
  repository: ReportsRepository;
  /** Counts one report of the candidate against REPORTS_PER_DAY. */
  reportLimit: (userId: string) => Promise<RateLimitDecision>;
  clock: () => Date;
}

export const REPORT_ERRORS = {
  targetNotFound: 'Das, was du melden möchtest, gibt es nicht (mehr).',
  noChat: 'Mit diesem Unternehmen hast du keinen Chat.',
  tooMany: `Du hast heute schon ${REPORTS_PER_DAY} Meldungen geschickt. Wenn du in Gefahr bist, wende dich bitte direkt an eine Vertrauensperson oder die Nummer gegen Kummer (116 111).`,
} as const;

export function toReportItem(row: ReportRecord): ReportItem {
  return {
    id: row.id,
    subject: row.subject,
    reason: row.reason,
    text: row.text,
    status: row.status,
    statusNote: row.statusNote,
    region: row.region,
    organization: row.organizationId ? { id: row.organizationId, name: row.organizationName } : null,
    vacancy: row.vacancyTitle === null ? null : { id: row.vacancyId, title: row.vacancyTitle },
    reporter: row.reporterId ? { id: row.reporterId, name: row.reporterName ?? '' } : null,
    contactEnded: row.contactEnded,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createReportsService(deps: ReportsServiceDeps) {
  const { repository } = deps;

  /** Partners and administrators (area "reports"); the regions a partner is limited to, null for admins. */
  function reviewer(actor: SessionActor | null): { user: SessionActor; regions: readonly Region[] | null } {
    const user = requireActor(actor, { legal: true, area: 'reports' });
    return { user, regions: user.type === 'ADMIN' ? null : user.regions };
  }

  async function findVisible(actor: SessionActor | null, id: string) {
    const scope = reviewer(actor);
    if (!isUuid(id)) throw new AppError('NOT_FOUND');
    const row = await repository.findById(id);
    if (!row || (scope.regions && !scope.regions.includes(row.region))) throw new AppError('NOT_FOUND');
    return { ...scope, row };
  }

  return {
    async create(actor: SessionActor | null, body: z.input<typeof createReportRequestSchema>): Promise<ReportCreated> {
      const user = requireActor(actor, { legal: true, applicant: true });
      const input = createReportRequestSchema.parse(body);
      let target: ReportTarget | null;
      switch (input.subject) {
        case 'VACANCY':
          target = await repository.findVacancyTarget(input.targetId);
          break;
        case 'ORGANIZATION':
          target = await repository.findOrganizationTarget(input.targetId);
          break;
        case 'CHAT':
          target = await repository.findOrganizationTarget(input.targetId);
          if (target && !(await repository.hasChat(input.targetId, user.userId)))
            throw new AppError('NOT_FOUND', { message: REPORT_ERRORS.noChat });
          break;
      }
      if (!target) throw new AppError('NOT_FOUND', { message: REPORT_ERRORS.targetNotFound });
      const decision = await deps.reportLimit(user.userId);
      if (!decision.allowed)
        throw new AppError('RATE_LIMITED', {
          message: REPORT_ERRORS.tooMany,
          headers: { 'retry-after': String(decision.retryAfter ?? 86_400) },
        });
      const created = await repository.create({
        reporterId: user.userId,
        subject: input.subject,
        reason: input.reason,
        text: input.text,
        target,
        at: deps.clock(),
      });
      return { ...created, message: CONTACT_MESSAGES.reportReceived };
    },

    async list(actor: SessionActor | null, query: z.output<typeof reportListQuerySchema>): Promise<ReportPage> {
      const { regions } = reviewer(actor);
      const { items, total } = await repository.list({ ...query, regions });
      return { items: items.map(toReportItem), total, page: query.page, pageSize: query.pageSize };
    },

    async get(actor: SessionActor | null, id: string): Promise<ReportItem> {
      const { row } = await findVisible(actor, id);
      return toReportItem(row);
    },

    async setStatus(
      actor: SessionActor | null,
      id: string,
      update: z.output<typeof reportStatusUpdateSchema>,
    ): Promise<ReportItem> {
      const { user, row } = await findVisible(actor, id);
      const note = update.note ? update.note : null;
      await repository.setStatus(
        id,
        { status: update.status, note, at: deps.clock() },
        {
          actor: { userId: user.userId, email: user.email },
          action: 'report.status_changed',
          target: { type: 'report', id, label: row.organizationName },
          organizationId: row.organizationId,
          regions: [row.region],
          before: { status: row.status, note: row.statusNote },
        },
      );
      const updated = await repository.findById(id);
      if (!updated) throw new AppError('NOT_FOUND');
      return toReportItem(updated);
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
