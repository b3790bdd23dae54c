/**
 * The candidate's privacy statement and terms (issue 46 item 9, ADR 0102): the current texts
 * for everyone, the signed-in candidate's acceptances, and accepting a newer version.
 */
import {
  CANDIDATE_LEGAL_DOCUMENT_LABELS,
  CANDIDATE_LEGAL_DOCUMENTS,
  CANDIDATE_LEGAL_TEXTS,
  CURRENT_CANDIDATE_LEGAL_VERSIONS,
  dueCandidateLegalDocuments,
  type CandidateLegalAcceptRequest,
  type CandidateLegalStatus,
  type CandidateLegalTextsResponse,
  type CandidateLegalVersions,
} from '@matchwerk/shared';
import { requireActor, type SessionActor } from '../../access/actor';
import type { DomainEventPublisher } from '../../events/domain-events';
import { AppError } from '../../errors/app-error';
import type { SessionRevocations } from '../sessions';
import { assertCurrentVersions, CANDIDATE_LEGAL_MESSAGES } from './candidate-legal';
import type { CandidateAcceptanceRow, CandidateLegalRepository } from './candidate-legal.repository';

export interface CandidateLegalServiceDeps {
  repository: CandidateLegalRepository;
  /** The cached sessions of a candidate who accepted must be read again (current-user `candidateLegalDue`). */
  sessionRevocations: Pick<SessionRevocations, 'userChanged'>;
  events: DomainEventPublisher;
  clock: () => Date;
  versions?: CandidateLegalVersions;
}

export function createCandidateLegalService(deps: CandidateLegalServiceDeps) {
  const versions = deps.versions ?? CURRENT_CANDIDATE_LEGAL_VERSIONS;

  function toStatus(rows: readonly CandidateAcceptanceRow[]): CandidateLegalStatus {
    return {
      documents: CANDIDATE_LEGAL_DOCUMENTS.map((document) => {
        const last = rows.filter((row) => row.document === document).at(-1);
        return {
          document,
          title: CANDIDATE_LEGAL_TEXTS[document].title,
          currentVersion: versions[document],
          acceptedVersion: last?.version ?? null,
          acceptedAt: last?.acceptedAt.toISOString() ?? null,
        };
      }),
      due: dueCandidateLegalDocuments(rows, versions),
    };
  }

  function candidate(actor: SessionActor | null): SessionActor {
    // Open before any acceptance: a candidate must be able to read and accept what is due.
    return requireActor(actor, { legal: false, applicant: true });
  }

  return {
    /** The current texts (public). */
    texts(): CandidateLegalTextsResponse {
      return {
        documents: CANDIDATE_LEGAL_DOCUMENTS.map((document) => ({
          ...CANDIDATE_LEGAL_TEXTS[document],
          version: versions[document],
          sections: CANDIDATE_LEGAL_TEXTS[document].sections.map((section) => ({
            heading: section.heading,
            paragraphs: [...section.paragraphs],
          })),
        })),
      };
    },

    async status(actor: SessionActor | null): Promise<CandidateLegalStatus> {
      return toStatus(await deps.repository.acceptancesOf(candidate(actor).userId));
    },

    /**
     * Records the due documents in their current versions. Each due document must be in the
     * body with its current version; an older version is refused (the app shows the new text).
     * Nothing due: the status as it is.
     */
    async accept(actor: SessionActor | null, input: CandidateLegalAcceptRequest): Promise<CandidateLegalStatus> {
      const user = candidate(actor);
      assertCurrentVersions(input.accepted, 'accepted', versions);
      const due = dueCandidateLegalDocuments(await deps.repository.acceptancesOf(user.userId), versions);
      const missing = due.filter((item) => input.accepted[item.document] === undefined);
      if (missing.length > 0) {
        const fieldErrors = Object.fromEntries(
          missing.map((item) => [
            `accepted.${item.document}`,
            CANDIDATE_LEGAL_MESSAGES.missing(CANDIDATE_LEGAL_DOCUMENT_LABELS[item.document]),
          ]),
        );
        throw new AppError('VALIDATION_FAILED', { message: Object.values(fieldErrors).join(' '), fieldErrors });
      }
      if (due.length > 0) {
        await deps.repository.record(
          user.userId,
          due.map((item) => ({ document: item.document, version: item.version })),
          deps.clock(),
        );
        await deps.sessionRevocations.userChanged(user.userId);
        await deps.events.publish({ type: 'user.changed', userId: user.userId });
      }
      return toStatus(await deps.repository.acceptancesOf(user.userId));
    },
  };
}

export type CandidateLegalService = ReturnType<typeof createCandidateLegalService>;
