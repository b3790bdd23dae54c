import { CANDIDATE_LEGAL_DOCUMENTS, type CandidateLegalDocument } from '@matchwerk/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { legalAcceptances, users } from '../../db/schema/index';

export interface CandidateAcceptanceRow {
  document: CandidateLegalDocument;
  version: string;
  acceptedAt: Date;
}

/** The candidate's acceptances of their own texts (ADR 0102), in the shared legal_acceptances table. */
export function createCandidateLegalRepository(db: Database) {
  return {
    /** Oldest first. */
    async acceptancesOf(userId: string): Promise<CandidateAcceptanceRow[]> {
      return db
        .select({
          document: legalAcceptances.document,
          version: legalAcceptances.version,
          acceptedAt: legalAcceptances.acceptedAt,
        })
        .from(legalAcceptances)
        .where(
          and(eq(legalAcceptances.userId, userId), inArray(legalAcceptances.document, [...CANDIDATE_LEGAL_DOCUMENTS])),
        )
        .orderBy(asc(legalAcceptances.acceptedAt), asc(legalAcceptances.version)) as Promise<CandidateAcceptanceRow[]>;
    },

    /**
     * Records the acceptances and keeps the two legal dates of the user row (the candidate
     * endpoints' gate) at the newest acceptance. Accepting a version twice changes nothing.
     */
    async record(
      userId: string,
      accepted: readonly { document: CandidateLegalDocument; version: string }[],
      at: Date,
    ): Promise<void> {
      if (accepted.length === 0) return;
      await db.transaction(async (tx) => {
        await tx
          .insert(legalAcceptances)
          .values(accepted.map(({ document, version }) => ({ userId, document, version, acceptedAt: at })))
          .onConflictDoNothing();
        const documents = new Set(accepted.map((a) => a.document));
        await tx
          .update(users)
          .set({
            ...(documents.has('CANDIDATE_PRIVACY') ? { privacyStatementSignedAt: at } : {}),
            ...(documents.has('CANDIDATE_TERMS') ? { termsAndConditionsSignedAt: at } : {}),
            updatedAt: at,
          })
          .where(eq(users.id, userId));
      });
    },
  };
}

export type CandidateLegalRepository = ReturnType<typeof createCandidateLegalRepository>;
