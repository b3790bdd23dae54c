import { type AuditPage, type Region } from '@matchwerk/shared';
import type { z } from 'zod';
import type { auditListQuerySchema, auditPageQuerySchema } from '@matchwerk/shared';
import { requireActor, type SessionActor } from '../../access/actor';
import { isUuid } from '../../access/ids';
import { AppError } from '../../errors/app-error';
import { toAuditEntry } from './audit.mapper';
import type { AuditFilter, AuditRepository } from './audit.repository';

export type AuditPageQueryParsed = z.output<typeof auditPageQuerySchema>;
export type AuditListQueryParsed = z.output<typeof auditListQuerySchema>;

export interface AuditServiceDeps {
  auditRepository: AuditRepository;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Read side of the audit log. Only admins and regional partners read it (spec §6 area
 * "organizations"); organisation users, statistics users and applicants get 403. Partners see
 * the history of organisations (and their users) in their regions; once an organisation or
 * user is gone, the entries that concern one of their regions. Anything else answers 404,
 * like an unknown id, so ids reveal nothing.
 */
export function createAuditService(deps: AuditServiceDeps) {
  const repository = deps.auditRepository;

  function requireReader(actor: SessionActor | null): SessionActor {
    return requireActor(actor, { legal: true, area: 'organizations' });
  }

  function partnerRegions(user: SessionActor): readonly Region[] | null {
    return user.type === 'ADMIN' ? null : user.regions;
  }

  /**
   * A history whose subject still exists (regions = null: the subject's access was checked, show
   * all its entries) or is gone (only entries of the reader's regions). Gone and nothing visible → 404.
   */
  async function readHistory(
    filter: AuditFilter,
    scope: { exists: boolean; regions: readonly Region[] | null },
    query: AuditPageQueryParsed,
  ): Promise<AuditPage> {
    const { items, total } = await repository.list(filter, {
      page: query.page,
      pageSize: query.pageSize,
      regions: scope.regions,
    });
    if (!scope.exists && total === 0) throw new AppError('NOT_FOUND');
    return { items: items.map(toAuditEntry), total, page: query.page, pageSize: query.pageSize };
  }

  return {
    async listForOrganization(
      actor: SessionActor | null,
      organizationId: string,
      query: AuditPageQueryParsed,
    ): Promise<AuditPage> {
      const user = requireReader(actor);
      if (!isUuid(organizationId)) throw new AppError('NOT_FOUND');
      const regions = partnerRegions(user);
      const organization = await repository.findOrganizationRegion(organizationId);
      if (organization && regions && !regions.includes(organization.region)) throw new AppError('NOT_FOUND');
      return readHistory(
        { organizationId },
        { exists: organization !== null, regions: organization ? null : regions },
        query,
      );
    },

    async listForUser(actor: SessionActor | null, userId: string, query: AuditPageQueryParsed): Promise<AuditPage> {
      const user = requireReader(actor);
      // User ids are better-auth ids (text), not necessarily UUIDs: only the length is bounded (route schema).
      const regions = partnerRegions(user);
      const subject = await repository.findUserScope(userId);
      // Partners manage organisation users of their regions only (not admins, partners or statistics users).
      if (
        subject &&
        regions &&
        !(
          subject.type === 'ORGANIZATION' &&
          subject.organizationRegion !== null &&
          regions.includes(subject.organizationRegion)
        )
      ) {
        throw new AppError('NOT_FOUND');
      }
      return readHistory({ userId }, { exists: subject !== null, regions: subject ? null : regions }, query);
    },

    /** The whole log (admins) or every entry concerning the partner's regions, with optional filters. */
    async list(actor: SessionActor | null, query: AuditListQueryParsed): Promise<AuditPage> {
      const user = requireReader(actor);
      const filter: AuditFilter = {};
      if (query.action) filter.action = query.action;
      if (query.from) filter.from = new Date(`${query.from}T00:00:00.000Z`);
      if (query.to) filter.until = new Date(new Date(`${query.to}T00:00:00.000Z`).getTime() + DAY_MS);
      const { items, total } = await repository.list(filter, {
        page: query.page,
        pageSize: query.pageSize,
        regions: partnerRegions(user),
      });
      return { items: items.map(toAuditEntry), total, page: query.page, pageSize: query.pageSize };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
