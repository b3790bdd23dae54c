import type {
  ApplicantMatching,
  OrganizationMatching,
  OrganizationMatchingsResponse,
  SetMatchingResultRequest,
} from '@matchwerk/shared';
import type { FastifyBaseLogger } from 'fastify';
import { requireActor, type SessionActor } from '../../access/actor';
import { isUuid } from '../../access/ids';
import { AppError } from '../../errors/app-error';
import { toApplicantProfile } from '../applicants/applicants.mapper';
import type { ApplicantsRepository } from '../applicants/applicants.repository';
import { chatKey, type ChatVersionStore } from '../messages/chat-version-store';
import type { NotificationEvents } from '../notifications/notification-events';
import type { ApplicantMatchingRow, MatchingsRepository, OrganizationMatchingRow } from './matchings.repository';

export interface MatchingsServiceDeps {
  matchingsRepository: MatchingsRepository;
  applicantsRepository: ApplicantsRepository;
  versions: ChatVersionStore;
  notifications: NotificationEvents;
  clock: () => Date;
  log?: Pick<FastifyBaseLogger, 'error'>;
}

export const MATCHING_MESSAGES = {
  alreadyDecided: 'Über diese Anfrage wurde bereits entschieden. Nur offene Anfragen können angenommen oder abgelehnt werden.',
  decidedNoWithdraw: 'Über diese Anfrage wurde bereits entschieden; sie kann nicht mehr zurückgezogen werden.',
  decidedNoRenew: 'Über Ihre Anfrage zu dieser Stelle wurde bereits entschieden.',
  chatOpened: 'Sie haben die Anfrage angenommen. Der Chat ist eröffnet.',
  vacancyNotFound: 'Diese Stellenanzeige gibt es nicht oder sie ist nicht mehr aktiv.',
} as const;

export function toOrganizationMatching(row: OrganizationMatchingRow): OrganizationMatching {
  const applicant = toApplicantProfile(row.applicantId, row.profile, row.photoIds);
  return {
    vacancyId: row.vacancyId,
    vacancyTitle: row.vacancyTitle,
    applicantId: row.applicantId,
    applicant,
    state: row.state,
    photos: applicant.photos,
    photosCount: applicant.photosCount,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export function toApplicantMatching(row: ApplicantMatchingRow): ApplicantMatching {
  return {
    vacancyId: row.vacancyId,
    vacancyTitle: row.vacancyTitle,
    organization: row.organization,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export function createMatchingsService(deps: MatchingsServiceDeps) {
  const repo = deps.matchingsRepository;

  /** ORGANIZATION users of an organisation (spec §6 "Candidates: ordinary users only"). */
  function requireOrganizationUser(actor: SessionActor | null): SessionActor & { organizationId: string } {
    const user = requireActor(actor, { legal: true, area: 'candidates' });
    if (!user.organizationId) throw new AppError('FORBIDDEN');
    return { ...user, organizationId: user.organizationId };
  }

  function requireApplicant(actor: SessionActor | null): SessionActor {
    return requireActor(actor, { legal: true, applicant: true });
  }

  async function tell(event: () => Promise<void>): Promise<void> {
    try {
      await event();
    } catch (error) {
      deps.log?.error({ err: error }, 'could not schedule the notification mail');
    }
  }

  return {
    async listForOrganization(actor: SessionActor | null): Promise<OrganizationMatchingsResponse> {
      const user = requireOrganizationUser(actor);
      const grouped: OrganizationMatchingsResponse = { open: [], accepted: [], rejected: [] };
      for (const row of await repo.listForOrganization(user.organizationId)) {
        const matching = toOrganizationMatching(row);
        switch (row.state) {
          case 'OPEN':
            grouped.open.push(matching);
            break;
          case 'ACCEPTED':
            grouped.accepted.push(matching);
            break;
          case 'REJECTED':
            grouped.rejected.push(matching);
            break;
        }
      }
      return grouped;
    },

    /** OPEN → ACCEPTED (opens the chat) or OPEN → REJECTED, own postings only. */
    async setResult(actor: SessionActor | null, input: SetMatchingResultRequest): Promise<OrganizationMatching> {
      const user = requireOrganizationUser(actor);
      // Another organisation's id or posting answers like an unknown one (403 would confirm it exists).
      if (input.organizationId !== user.organizationId) throw new AppError('NOT_FOUND');
      if (!isUuid(input.vacancyId)) throw new AppError('NOT_FOUND');
      const now = deps.clock();
      const result = await repo.decide({
        organizationId: user.organizationId,
        vacancyId: input.vacancyId,
        applicantId: input.applicantId,
        state: input.organizationResult,
        decidedBy: user.userId,
        now,
        systemText: MATCHING_MESSAGES.chatOpened,
      });
      switch (result.kind) {
        case 'NOT_FOUND':
        case 'FOREIGN':
          throw new AppError('NOT_FOUND');
        case 'CONFLICT':
          throw new AppError('CONFLICT', { message: MATCHING_MESSAGES.alreadyDecided });
        case 'DECIDED':
          if (result.chat) await deps.versions.raise(chatKey(user.organizationId, input.applicantId), result.chat.version);
          break;
      }
      const row = await repo.findOneForOrganization(user.organizationId, input.vacancyId, input.applicantId);
      if (!row) throw new AppError('NOT_FOUND');
      return toOrganizationMatching(row);
    },

    /** Interest in an ACTIVE posting: a new OPEN matching (created: true), or the existing open one. */
    async createForApplicant(actor: SessionActor | null, vacancyId: string): Promise<{ matching: ApplicantMatching; created: boolean }> {
      const user = requireApplicant(actor);
      if (!isUuid(vacancyId) || !(await deps.applicantsRepository.isVacancyVisible(vacancyId))) {
        throw new AppError('NOT_FOUND', { message: MATCHING_MESSAGES.vacancyNotFound });
      }
      const { row, created } = await repo.createOpen(vacancyId, user.userId, deps.clock());
      if (!created && row.state !== 'OPEN') throw new AppError('CONFLICT', { message: MATCHING_MESSAGES.decidedNoRenew });
      const [matching] = await repo.listForApplicant(user.userId, vacancyId);
      if (!matching) throw new AppError('NOT_FOUND');
      if (created) await tell(() => deps.notifications.matchingCreated(matching.organization.id, row.createdAt));
      return { matching: toApplicantMatching(matching), created };
    },

    async withdraw(actor: SessionActor | null, vacancyId: string): Promise<void> {
      const user = requireApplicant(actor);
      if (!isUuid(vacancyId)) throw new AppError('NOT_FOUND');
      const result = await repo.withdraw(vacancyId, user.userId);
      if (result === 'NOT_FOUND') throw new AppError('NOT_FOUND');
      if (result === 'DECIDED') throw new AppError('CONFLICT', { message: MATCHING_MESSAGES.decidedNoWithdraw });
    },

    async listForApplicant(actor: SessionActor | null): Promise<{ matchings: ApplicantMatching[] }> {
      const user = requireApplicant(actor);
      return { matchings: (await repo.listForApplicant(user.userId)).map(toApplicantMatching) };
    },
  };
}

export type MatchingsService = ReturnType<typeof createMatchingsService>;
