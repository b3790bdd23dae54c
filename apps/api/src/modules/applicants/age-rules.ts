/**
 * Age rules of the candidate side (issue 46, ADR 0096): a candidate's age in whole years on
 * today's Berlin day, and the SQL predicate that keeps postings a candidate is too young for out
 * of every candidate list (vacancies, the feed). A candidate without a birth date (only accounts
 * from before sign-up asked for it; it cannot be removed) is neither filtered nor refused (ADR 0096).
 */
import { ageOn, berlinToday, CANDIDATE_AGE_MESSAGES } from '@matchwerk/shared';
import { sql, type SQL } from 'drizzle-orm';
import { vacancies } from '../../db/schema/vacancies';
import { AppError } from '../../errors/app-error';

/** Whole years on today's Berlin day; null without a birth date. */
export function candidateAge(dateOfBirth: string | null | undefined, now: Date): number | null {
  return dateOfBirth ? ageOn(dateOfBirth, berlinToday(now)) : null;
}

/**
 * `vacancies.min_age <= age`: the postings a candidate of this age may see (use it in the WHERE
 * of any query over `vacancies`). Undefined for an unknown age: `and(…, undefined)` leaves it out.
 */
export function oldEnoughFor(age: number | null): SQL | undefined {
  return age === null ? undefined : sql`${vacancies.minAge} <= ${age}`;
}

/** Refuses expressing interest in a posting the candidate is too young for (403, German, "du"). */
export function assertOldEnoughFor(posting: { minAge: number }, age: number | null): void {
  if (age !== null && age < posting.minAge)
    throw new AppError('TOO_YOUNG_FOR_POSTING', { message: CANDIDATE_AGE_MESSAGES.tooYoungForPosting(posting.minAge) });
}
