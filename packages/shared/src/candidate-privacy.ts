/**
 * Candidate privacy in every statistic (issue #11): a group of 1 to 4 candidates is reported
 * as "< 5", never as its number, so no single young person can be singled out from a figure.
 * Zero is shown (it describes nobody). The API suppresses before anything leaves the server.
 */
import { formatNumber } from './numbers';

export const SMALL_GROUP_LIMIT = 5;
/** What a suppressed count is sent as in JSON. */
export const SUPPRESSED_COUNT = 'LT5' as const;
export const SUPPRESSED_COUNT_LABEL = '< 5';

/** A count of candidates: the number, or `"LT5"` for 1–4. */
export type CandidateCount = number | typeof SUPPRESSED_COUNT;

export function suppressSmallGroup(count: number): CandidateCount {
  return count > 0 && count < SMALL_GROUP_LIMIT ? SUPPRESSED_COUNT : count;
}

/** "< 5" or the German number ("1.234"). */
export function formatCandidateCount(count: CandidateCount): string {
  return count === SUPPRESSED_COUNT ? SUPPRESSED_COUNT_LABEL : formatNumber(count, 0);
}
