/**
 * The Anfragen screen's answers: a contract piece (lib/contract.ts, ADR 0078), loaded after the first screen. Only
 * schemas that return what they are given (contract-pieces.test.ts).
 */
export {
  matchingNoteSchema,
  matchingNotesResponseSchema,
  organizationMatchingSchema,
  organizationMatchingsResponseSchema,
  responseStatsSchema,
  vacancyListResponseSchema,
} from '@matchwerk/shared';
