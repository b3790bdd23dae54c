/**
 * The API contract's answer schemas the web app checks through `contractSchema` (lib/contract.ts):
 * one chunk with zod, loaded after the first screen (ADR 0078). Every schema here must return what
 * it is given (no transform, default or coercion), as an answer that arrives before this chunk is
 * used as it came; contract-schemas.test.ts checks that.
 */
export {
  chatListResponseSchema,
  chatMessageSchema,
  chatResponseSchema,
  currentUserSchema,
  markChatReadResponseSchema,
  matchingNoteSchema,
  matchingNotesResponseSchema,
  organizationMatchingSchema,
  organizationMatchingsResponseSchema,
  pollResponseSchema,
  publicConfigSchema,
  publicVacancySchema,
  responseStatsSchema,
  unreadResponseSchema,
  vacancyDuplicateResponseSchema,
  vacancyListResponseSchema,
  vacancySaveResponseSchema,
  vacancySchema,
} from '@matchwerk/shared';
