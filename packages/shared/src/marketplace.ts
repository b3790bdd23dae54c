/**
 * Matchings and chats: states, sorts, page sizes and limits (spec §3, ADR 0029). No zod here, so
 * a screen that shows them needs none before its first paint (ADR 0078); the schemas are in
 * api/marketplace.schema.ts.
 */
import { formatNumber } from './numbers';

export const MATCHING_STATES = ['OPEN', 'ACCEPTED', 'REJECTED'] as const;
export type MatchingState = (typeof MATCHING_STATES)[number];
export const MATCHING_STATE_LABELS: Record<MatchingState, string> = {
  OPEN: 'Offen',
  ACCEPTED: 'Angenommen',
  REJECTED: 'Abgelehnt',
};

/** Page sizes of the paged lists (ADR 0029): matchings per group and chat messages per page. */
export const MATCHINGS_PAGE_SIZE = 25;
export const MATCHINGS_PAGE_SIZE_MAX = 100;
export const CHAT_PAGE_SIZE = 50;
export const CHAT_PAGE_SIZE_MAX = 200;
/** A keyset cursor the server handed out; the client passes it back unchanged. */
export const INVALID_CURSOR_MESSAGE = 'Ungültiger Cursor. Bitte laden Sie die Liste neu.';

/** Sort orders of the Anfragen list (issue 14): by the time the candidate showed interest. */
export const MATCHING_SORTS = ['newest', 'oldest'] as const;
export type MatchingSort = (typeof MATCHING_SORTS)[number];
export const MATCHING_SORT_LABELS: Record<MatchingSort, string> = {
  newest: 'Neueste zuerst',
  oldest: 'Älteste zuerst',
};
/** Longest name search; a longer one is refused, never cut. */
export const MATCHING_SEARCH_MAX_LENGTH = 100;

export const ORGANIZATION_RESULTS = ['ACCEPTED', 'REJECTED'] as const;

export const MESSAGE_SENDERS = ['APPLICANT', 'ORGANIZATION', 'SYSTEM'] as const;
export const MESSAGE_MAX_LENGTH = 4000;
/** Refusal of a longer message (API 400 and the web composer): never cut silently. */
export const MESSAGE_TOO_LONG = `Eine Nachricht darf höchstens ${formatNumber(MESSAGE_MAX_LENGTH)} Zeichen lang sein.`;
