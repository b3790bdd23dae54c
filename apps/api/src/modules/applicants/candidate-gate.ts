/**
 * What a candidate must pass before expressing interest or writing in a chat (ADR 0096, 0097):
 * a parent's confirmation below 16, and — for interest — the posting's minimum age. The
 * matchings and messages modules get it wired in (marketplace.ts), so they import nothing of it.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { applicantProfiles } from '../../db/schema/marketplace';
import { vacancies } from '../../db/schema/vacancies';
import { assertOldEnoughFor, candidateAge } from './age-rules';
import type { ParentalConsentService } from './parental-consent.service';

export interface CandidateGate {
  /** 403 PARENTAL_CONSENT_REQUIRED or TOO_YOUNG_FOR_POSTING (German, "du"); resolves when allowed. */
  assertMayExpressInterest(applicantId: string, vacancyId: string): Promise<void>;
  /** 403 PARENTAL_CONSENT_REQUIRED until a parent confirmed (only below 16). */
  assertMayChat(applicantId: string): Promise<void>;
}

export function createCandidateGate(deps: {
  db: Database;
  consent: Pick<ParentalConsentService, 'assertMayContact'>;
  clock: () => Date;
}): CandidateGate {
  return {
    async assertMayExpressInterest(applicantId, vacancyId) {
      const [posting] = await deps.db
        .select({ minAge: vacancies.minAge })
        .from(vacancies)
        .where(eq(vacancies.id, vacancyId))
        .limit(1);
      const [profile] = await deps.db
        .select({ dateOfBirth: applicantProfiles.dateOfBirth })
        .from(applicantProfiles)
        .where(eq(applicantProfiles.userId, applicantId))
        .limit(1);
      // The age first: a 14-year-old should learn that the posting is not for them yet, whatever the parents say.
      if (posting) assertOldEnoughFor(posting, candidateAge(profile?.dateOfBirth, deps.clock()));
      await deps.consent.assertMayContact(applicantId);
    },
    assertMayChat: (applicantId) => deps.consent.assertMayContact(applicantId),
  };
}
