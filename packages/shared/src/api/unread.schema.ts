/**
 * Unread counts and seen marks (issue #14, ADR 0040). Each user has their own seen state.
 */
import { z } from 'zod';
import { idSchema } from './fields';
import { organizationSummarySchema } from './users.schema';

/** How many new items each list of the "Neu seit Ihrem letzten Besuch" panel shows at most (the counts are complete). */
export const UNREAD_LIST_LIMIT = 10;

/** GET /rest/unread?since= and GET /rest/applicant/unread?since=: `since` is the `cursor` of the previous answer. */
export const unreadQuerySchema = z.object({
  since: z.string().max(100, 'Ungültiger Cursor.').optional(),
});

const personSchema = z.object({ names: z.array(z.string()), familyNames: z.array(z.string()) });

/** The organisation user's unread counts with the newest items for the landing page's panel. */
export const unreadResponseSchema = z.object({
  /** Pass as `since` to the next poll: 204 while nothing changed. */
  cursor: z.string(),
  /** Changes whenever the organisation's matchings change (new interest, withdrawn, decided): the Anfragen list reloads. */
  matchingsVersion: z.string(),
  /** Changes whenever a candidate writes to the organisation: the chat list reloads. */
  chatsVersion: z.string(),
  /** Open matchings created after this user last opened Anfragen. */
  matchings: z.number().int().nonnegative(),
  /** Candidates' messages in the organisation's chats that this user has not read. */
  messages: z.number().int().nonnegative(),
  /** The newest of those matchings, at most UNREAD_LIST_LIMIT. */
  newMatchings: z.array(
    z.object({
      vacancyId: idSchema,
      vacancyTitle: z.string(),
      applicantId: idSchema,
      applicant: personSchema,
      createdAt: z.iso.datetime({ offset: true }),
    }),
  ),
  /** The chats with unread messages, newest first, at most UNREAD_LIST_LIMIT. */
  unreadChats: z.array(
    z.object({
      applicantId: idSchema,
      applicant: personSchema,
      unread: z.number().int().positive(),
      lastMessageAt: z.iso.datetime({ offset: true }),
    }),
  ),
});
export type UnreadResponse = z.infer<typeof unreadResponseSchema>;

/** The candidate's unread counts (GET /rest/applicant/unread). */
export const applicantUnreadResponseSchema = z.object({
  cursor: z.string(),
  /** Own matchings accepted or declined after the candidate last looked at them. */
  matchings: z.number().int().nonnegative(),
  /** Organisations' messages the candidate has not read. */
  messages: z.number().int().nonnegative(),
  /** The chats with unread messages, newest first, at most UNREAD_LIST_LIMIT. */
  unreadChats: z.array(
    z.object({
      organization: organizationSummarySchema,
      unread: z.number().int().positive(),
      lastMessageAt: z.iso.datetime({ offset: true }),
    }),
  ),
});
export type ApplicantUnreadResponse = z.infer<typeof applicantUnreadResponseSchema>;

const INVALID_SEQ = 'Bitte geben Sie die Nummer der zuletzt gelesenen Nachricht an.';

/** POST …/read: read up to this message (its `seq`). */
export const markChatReadRequestSchema = z.object({
  seq: z.number({ error: INVALID_SEQ }).int(INVALID_SEQ).min(0, INVALID_SEQ).max(2_147_483_647, INVALID_SEQ),
});
export type MarkChatReadRequest = z.infer<typeof markChatReadRequestSchema>;

/** Answer of a read mark: the read mark as stored (never lowered). */
export const markChatReadResponseSchema = z.object({ readSeq: z.number().int().nonnegative() });
