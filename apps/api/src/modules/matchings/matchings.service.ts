import {
  CONTACT_MESSAGES,
  INVALID_CURSOR_MESSAGE,
  MATCHING_STATES,
  type ApplicantMatching,
  type ApplicantMatchingsResponse,
  type MatchingGroup,
  type MatchingSort,
  type MatchingState,
  type OrganizationMatching,
  type OrganizationMatchingsResponse,
  type SetMatchingResult,
} from '@matchwerk/shared';
import { requireActor, requireOrganizationMember, type SessionActor } from '../../access/actor';
import { isUuid } from '../../access/ids';
import { decodeTimeCursor, encodeTimeCursor, type TimeKey } from '../../db/keyset-cursor';
import { AppError } from '../../errors/app-error';
import { toCandidateProfile, type ApplicantsRepository, type CandidateGate } from '../applicants';
import type { DomainEventPublisher } from '../../events/domain-events';
import { assertUnderInterestCap } from './interest-cap';
import type { ApplicantMatchingRow, MatchingsRepository, OrganizationMatchingRow } from './matchings.repository';

export interface MatchingsServiceDeps {
  matchingsRepository: MatchingsRepository;
  applicantsRepository: ApplicantsRepository;
  /** New, decided and withdrawn matchings are told here after their commit (ADR 0092). */
  events: DomainEventPublisher;
  /** Ended contacts (reports module, ADR 0101); default: none (unit tests). */
  contact?: MatchingsContact;
  clock: () => Date;
  /** Expressions of interest per candidate and Berlin day (issue 46, ADR 0100); undefined: no cap. */
  interestsPerDay?: number | undefined;
  /** Parental consent and the posting's minimum age (ADR 0096, 0097); default: no checks (unit tests). */
  candidateGate?: Pick<CandidateGate, 'assertMayExpressInterest'>;
}

/** What the matchings need of ending contact (ADR 0101), wired in the composition root. */
export interface MatchingsContact {
  /** Whether the candidate ended contact with the company of this posting. */
  endedForVacancy(applicantId: string, vacancyId: string): Promise<boolean>;
  /** Ends the contact of the candidate with the company (closes the chat, withdraws open matchings). */
  end(applicantId: string, organizationId: string): Promise<unknown>;
}

export const MATCHING_MESSAGES = {
  alreadyDecided:
    'Über diese Anfrage wurde bereits entschieden. Nur offene Anfragen können angenommen oder abgelehnt werden.',
  decidedNoWithdraw: 'Über diese Anfrage wurde bereits entschieden; sie kann nicht mehr zurückgezogen werden.',
  decidedNoRenew: 'Über Ihre Anfrage zu dieser Stelle wurde bereits entschieden.',
  chatOpened: 'Sie haben die Anfrage angenommen. Der Chat ist eröffnet.',
  vacancyNotFound: 'Diese Stellenanzeige gibt es nicht oder sie ist nicht mehr aktiv.',
} as const;

const GROUP_OF: Record<MatchingState, MatchingGroup> = { OPEN: 'open', ACCEPTED: 'accepted', REJECTED: 'rejected' };

/** The key in a client's cursor; a cursor that is not one of ours is a 400 with a German message. */
function afterCursor(cursor: string | undefined): TimeKey | null {
  if (cursor === undefined) return null;
  const key = decodeTimeCursor(cursor);
  if (!key)
    throw new AppError('VALIDATION_FAILED', {
      message: INVALID_CURSOR_MESSAGE,
      fieldErrors: { cursor: INVALID_CURSOR_MESSAGE },
    });
  return key;
}

export function toOrganizationMatching(row: OrganizationMatchingRow, now: Date): OrganizationMatching {
  const applicant = toCandidateProfile(row.applicantId, row.profile, row.photoIds, now);
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
    contactEnded: row.contactEnded,
    note: row.note,
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
    declineMessage: row.state === 'REJECTED' ? row.declineMessage : null,
    declinedAutomatically: row.state === 'REJECTED' && row.declinedAutomatically,
    posting: row.posting,
    contactEnded: row.contactEnded,
    note: row.note,
  };
}

export function createMatchingsService(deps: MatchingsServiceDeps) {
  const repo = deps.matchingsRepository;

  /** ORGANIZATION users of an organisation (spec §6 "Candidates: ordinary users only"). */
  const requireOrganizationUser = (actor: SessionActor | null) => requireOrganizationMember(actor, 'candidates');

  function requireApplicant(actor: SessionActor | null): SessionActor {
    return requireActor(actor, { legal: true, applicant: true });
  }

  return {
    /**
     * Newest (or oldest) first, keyset-paged per group (ADR 0029), optionally of one posting and by name (issue 14): one group's page after `cursor` when
     * `state` is given, else the first page of every group; always the counts of all groups.
     */
    async listForOrganization(
      actor: SessionActor | null,
      query: {
        state?: MatchingState;
        cursor?: string;
        limit: number;
        vacancyId?: string;
        search?: string;
        sort?: MatchingSort;
      },
    ): Promise<OrganizationMatchingsResponse> {
      const user = requireOrganizationUser(actor);
      const after = afterCursor(query.cursor);
      const states = query.state ? [query.state] : MATCHING_STATES;
      // Filters narrow the counts too, so the tabs say how many match (issue 14).
      const filter = { vacancyId: query.vacancyId, search: query.search, sort: query.sort ?? 'newest' } as const;
      const [days, counts, ...pages] = await Promise.all([
        repo.declineAfterDaysFor(user.organizationId),
        repo.countsForOrganization(user.organizationId, filter),
        ...states.map((state) => repo.pageForOrganization(user.organizationId, state, query.limit, after, filter)),
      ]);
      const response: OrganizationMatchingsResponse = {
        declineAfterDays: days,
        open: [],
        accepted: [],
        rejected: [],
        counts: { open: counts.OPEN, accepted: counts.ACCEPTED, rejected: counts.REJECTED },
        next: { open: null, accepted: null, rejected: null },
      };
      states.forEach((state, index) => {
        const page = pages[index];
        if (!page) return;
        const group = GROUP_OF[state];
        response[group] = page.rows.map((row) => toOrganizationMatching(row, deps.clock()));
        response.next[group] = page.next ? encodeTimeCursor(page.next) : null;
      });
      return response;
    },

    /** OPEN → ACCEPTED (opens the chat) or OPEN → REJECTED, own postings only. */
    async setResult(actor: SessionActor | null, input: SetMatchingResult): Promise<OrganizationMatching> {
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
        declineMessage: input.message ?? null,
      });
      switch (result.kind) {
        case 'NOT_FOUND':
        case 'FOREIGN':
          throw new AppError('NOT_FOUND');
        case 'CONFLICT':
          throw new AppError('CONFLICT', { message: MATCHING_MESSAGES.alreadyDecided });
        case 'DECIDED':
          await deps.events.publish({
            type: 'matching.decided',
            organizationId: user.organizationId,
            applicantId: input.applicantId,
            vacancyId: input.vacancyId,
            chatVersion: result.chat?.version ?? null,
          });
          break;
      }
      const row = await repo.findOneForOrganization(user.organizationId, input.vacancyId, input.applicantId);
      if (!row) throw new AppError('NOT_FOUND');
      return toOrganizationMatching(row, deps.clock());
    },

    /** Interest in an ACTIVE posting: a new OPEN matching (created: true), or the existing open one. */
    async createForApplicant(
      actor: SessionActor | null,
      vacancyId: string,
      note: string | null = null,
    ): Promise<{ matching: ApplicantMatching; created: boolean }> {
      const user = requireApplicant(actor);
      if (!isUuid(vacancyId) || !(await deps.applicantsRepository.isVacancyVisible(vacancyId))) {
        throw new AppError('NOT_FOUND', { message: MATCHING_MESSAGES.vacancyNotFound });
      }
      if (await deps.contact?.endedForVacancy(user.userId, vacancyId))
        throw new AppError('CONFLICT', { message: CONTACT_MESSAGES.interestRefused });
      await deps.candidateGate?.assertMayExpressInterest(user.userId, vacancyId);
      const now = deps.clock();
      // The daily cap counts new interest only; repeating an existing one answers as before.
      if (deps.interestsPerDay !== undefined && !(await repo.findForApplicant(user.userId, vacancyId)))
        await assertUnderInterestCap(
          {
            perDay: deps.interestsPerDay,
            countSince: (applicantId, since) => repo.countCreatedSince(applicantId, since),
          },
          user.userId,
          now,
        );
      const { row, created } = await repo.createOpen(vacancyId, user.userId, now, note);
      if (!created && row.state !== 'OPEN')
        throw new AppError('CONFLICT', { message: MATCHING_MESSAGES.decidedNoRenew });
      const matching = await repo.findForApplicant(user.userId, vacancyId);
      if (!matching) throw new AppError('NOT_FOUND');
      if (created)
        await deps.events.publish({
          type: 'matching.created',
          organizationId: matching.organization.id,
          applicantId: user.userId,
          vacancyId,
          at: row.createdAt,
        });
      return { matching: toApplicantMatching(matching), created };
    },

    async withdraw(actor: SessionActor | null, vacancyId: string): Promise<void> {
      const user = requireApplicant(actor);
      if (!isUuid(vacancyId)) throw new AppError('NOT_FOUND');
      // The organisation whose open matchings shrink (its Anfragen list and counts reload).
      const existing = await repo.findForApplicant(user.userId, vacancyId);
      const result = await repo.withdraw(vacancyId, user.userId);
      if (result === 'OK' && existing)
        await deps.events.publish({
          type: 'matching.withdrawn',
          organizationId: existing.organization.id,
          applicantId: user.userId,
          vacancyId,
        });
      if (result === 'NOT_FOUND') throw new AppError('NOT_FOUND');
      if (result === 'DECIDED' && existing?.state === 'ACCEPTED' && deps.contact) {
        // Withdrawing an accepted matching ends the contact with the company (ADR 0101).
        await deps.contact.end(user.userId, existing.organization.id);
        return;
      }
      if (result === 'DECIDED') throw new AppError('CONFLICT', { message: MATCHING_MESSAGES.decidedNoWithdraw });
    },

    /** The candidate's matchings, newest first, keyset-paged like the organisation's (ADR 0029). */
    async listForApplicant(
      actor: SessionActor | null,
      query: { cursor?: string; limit: number },
    ): Promise<ApplicantMatchingsResponse> {
      const user = requireApplicant(actor);
      const page = await repo.pageForApplicant(user.userId, query.limit, afterCursor(query.cursor));
      return { matchings: page.rows.map(toApplicantMatching), next: page.next ? encodeTimeCursor(page.next) : null };
    },
  };
}

export type MatchingsService = ReturnType<typeof createMatchingsService>;
