import { z } from 'zod';
import { postingTypeSchema, regionSchema } from './enums.schema';
import { emailSchema, passwordSchema } from './auth.schema';
import { DECLINE_MESSAGE_MAX_LENGTH } from '../decline-templates';
import {
  CHAT_PAGE_SIZE,
  CHAT_PAGE_SIZE_MAX,
  MATCHING_SEARCH_MAX_LENGTH,
  MATCHING_SORTS,
  MATCHING_STATES,
  MATCHINGS_PAGE_SIZE,
  MATCHINGS_PAGE_SIZE_MAX,
  MESSAGE_MAX_LENGTH,
  MESSAGE_SENDERS,
  MESSAGE_TOO_LONG,
  ORGANIZATION_RESULTS,
} from '../marketplace';
import { idSchema, optionalDateSchema, optionalText, pageQuerySchema, pageSchema, safeString } from './fields';
import { candidateLegalVersionsSchema } from './candidate-legal.schema';
import { birthDateSchema, parentalConsentSchema } from './candidate-consent.schema';
import { CANDIDATE_AGE_MESSAGES } from '../candidate-age';
import { organizationSummarySchema } from './users.schema';
import {
  candidateStrengthsSchema,
  interestNoteSchema,
  myPostingStateSchema,
  wantedFieldsSchema,
  wantedTypesSchema,
} from './candidate-feed.schema';
import { isKnownPostcode } from '../postcodes';

/* ───────────── Candidates (applicants) ───────────── */

const nameListSchema = z
  .array(z.string().trim().min(1).max(60, 'Ein Name darf höchstens 60 Zeichen lang sein.'))
  .min(1, 'Bitte geben Sie mindestens einen Namen an.')
  .max(4);

/** The candidate's own profile as the candidate edits it (PUT /rest/applicant/profile). */
export const applicantProfileInputSchema = z.object({
  names: nameListSchema,
  familyNames: nameListSchema,
  dateOfBirth: optionalDateSchema,
  school: optionalText(160, 'Die Schule'),
  region: regionSchema.nullish().transform((value) => value ?? null),
  about: optionalText(2000, 'Der Text'),
  interests: z.array(z.string().trim().min(1).max(40)).max(20, 'Höchstens 20 Interessen.').default([]),
  /** Issue 46 item 8 (ADR 0100): home postcode (the feed's default place; employers never see it). */
  zipCode: z
    .string()
    .regex(/^[0-9]{5}$/, 'Bitte gib eine gültige Postleitzahl mit fünf Ziffern ein.')
    .refine(isKnownPostcode, 'Diese Postleitzahl kennen wir nicht. Bitte prüfe die Eingabe.')
    .nullish()
    .transform((value) => value ?? null),
  /** Wanted posting types and training occupations (the feed's default filters). */
  wantedTypes: wantedTypesSchema.default([]),
  wantedFields: wantedFieldsSchema.default([]),
  /** From when the candidate is available (YYYY-MM-DD). */
  availableFrom: optionalDateSchema,
  /** Up to three of CANDIDATE_STRENGTHS. */
  strengths: candidateStrengthsSchema.default([]),
});
export type ApplicantProfileInput = z.input<typeof applicantProfileInputSchema>;

/** A candidate's profile: to the candidate, and to an organisation with a matching on its posting. */
export const applicantProfileSchema = z.object({
  id: idSchema,
  names: z.array(z.string()),
  familyNames: z.array(z.string()),
  dateOfBirth: z.string().nullable(),
  school: z.string().nullable(),
  region: regionSchema.nullable(),
  about: z.string().nullable(),
  interests: z.array(z.string()),
  /** Home postcode: only the candidate sees it (not in what organisations get). */
  zipCode: z.string().nullable(),
  wantedTypes: wantedTypesSchema,
  wantedFields: z.array(z.string()),
  availableFrom: z.string().nullable(),
  strengths: candidateStrengthsSchema,
  /** Photo ids, served by GET /rest/applicants/{applicantId}/photo/{photoId}. */
  photos: z.array(idSchema),
  photosCount: z.number().int(),
  /** Whether a parent must confirm and did (candidates under 16, ADR 0097); only the candidate sees this. */
  parentalConsent: parentalConsentSchema,
});
export type ApplicantProfile = z.infer<typeof applicantProfileSchema>;
/** The candidate's own profile (GET/PUT /rest/applicant/profile): with the home postcode, which employers never see. */
export const ownApplicantProfileSchema = applicantProfileSchema;
export type OwnApplicantProfile = ApplicantProfile;

/**
 * A candidate as organisations, partners and administrators see them: the age in whole years
 * (computed by the API), never the birth date nor the parental consent (ADR 0096).
 */
export const candidateProfileSchema = applicantProfileSchema
  .omit({ dateOfBirth: true, parentalConsent: true, zipCode: true })
  .extend({
    age: z.number().int().nullable().describe('Alter in Jahren (nie das Geburtsdatum); null, wenn unbekannt'),
  });
export type CandidateProfile = z.infer<typeof candidateProfileSchema>;

/** POST /rest/applicant/signup — the candidate app's sign-up (same auth, user type APPLICANT). */
export const applicantSignupRequestSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    names: nameListSchema,
    familyNames: nameListSchema,
    region: regionSchema,
    /** Required; younger than the operator's minimum age (default 14) is refused (ADR 0096). */
    dateOfBirth: birthDateSchema,
    /** Required below 16: a parent's address; the parent confirms on a public page (ADR 0097). */
    parentEmail: emailSchema.optional(),
    /**
     * The versions of the candidate privacy statement and terms the app showed (ADR 0102);
     * without it, the current ones. A version that is not current any more is refused.
     */
    acceptedLegalVersions: candidateLegalVersionsSchema.optional(),
    termsAndConditionsChecked: z.literal(true, {
      error: 'Bitte stimmen Sie den Nutzungsbedingungen und der Datenschutzerklärung zu.',
    }),
  })
  .strict()
  .refine((input) => input.parentEmail === undefined || input.parentEmail !== input.email, {
    path: ['parentEmail'],
    message: CANDIDATE_AGE_MESSAGES.parentEmailSame,
  });
export type ApplicantSignupRequest = z.infer<typeof applicantSignupRequestSchema>;

/* ───────────── Postings as candidates see them ───────────── */

/** GET /rest/applicant/vacancies — active postings only. */
export const applicantVacancyQuerySchema = pageQuerySchema(
  ['distance', 'createdAt', 'title'] as const,
  'createdAt',
).extend({
  region: regionSchema.optional(),
  type: postingTypeSchema.optional(),
  /** With zipCode: only postings within radiusKm, sorted by distance when sort=distance. */
  zipCode: z
    .string()
    .regex(/^[0-9]{5}$/, 'Bitte geben Sie eine gültige Postleitzahl ein.')
    .optional(),
  radiusKm: z.coerce.number().min(1).max(500).default(25),
  /** Exact training occupation (issue 46: it used to be ignored). */
  occupation: safeString().trim().min(1).max(160).optional(),
});
export type ApplicantVacancyQuery = z.input<typeof applicantVacancyQuerySchema>;

export const applicantVacancyListItemSchema = z.object({
  id: idSchema,
  title: z.string(),
  type: postingTypeSchema,
  organization: organizationSummarySchema,
  city: z.string(),
  zipCode: z.string(),
  start: z.string().nullable(),
  descriptionExcerpt: z.string(),
  image: idSchema.nullable(),
  /** Kilometres from the requested zip code; null without one or without coordinates. */
  distanceKm: z.number().nullable(),
  myState: myPostingStateSchema,
  /** Youngest age in years (the list holds only postings the candidate is old enough for). */
  minAge: z.number().int(),
});
export const applicantVacancyListResponseSchema = pageSchema(applicantVacancyListItemSchema);
export type ApplicantVacancyListItem = z.infer<typeof applicantVacancyListItemSchema>;
export type ApplicantVacancyListResponse = z.infer<typeof applicantVacancyListResponseSchema>;

/* ───────────── Matchings ───────────── */

export const matchingStateSchema = z.enum(MATCHING_STATES);

/** One matching as the organisation sees it (GET /rest/matching/organization). */
export const organizationMatchingSchema = z.object({
  vacancyId: idSchema,
  vacancyTitle: z.string(),
  applicantId: idSchema,
  applicant: candidateProfileSchema,
  state: matchingStateSchema,
  /** The candidate's note with the interest (plain text, ≤ 500 characters), null without one. */
  note: z.string().nullable(),
  /** Shortcuts of spec §3 Matching. */
  photos: z.array(idSchema),
  photosCount: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
  /** The candidate ended contact with the company (ADR 0101): no chat, no new matchings. */
  contactEnded: z.boolean(),
});
export type OrganizationMatching = z.infer<typeof organizationMatchingSchema>;

const pageCursorSchema = z.string().min(1).max(200);

/**
 * GET /rest/matching/organization — newest first, keyset-paged per group (ADR 0029). Without
 * `state` the first page of every group; with `state` (and `cursor`, the group's `next` of the
 * previous page) one page of that group only, the other groups empty.
 */

export const organizationMatchingsQuerySchema = z
  .object({
    state: matchingStateSchema.optional(),
    cursor: pageCursorSchema.optional(),
    limit: z.coerce.number().int().min(1).max(MATCHINGS_PAGE_SIZE_MAX).default(MATCHINGS_PAGE_SIZE),
    /** Only matchings of this posting (one of the organisation's own). */
    vacancyId: z.uuid({ error: 'Bitte wählen Sie eine gültige Stellenanzeige.' }).optional(),
    /** Part of the candidate's first or family name, case-insensitive; blank = no search. */
    search: safeString()
      .trim()
      .max(
        MATCHING_SEARCH_MAX_LENGTH,
        `Der Suchbegriff darf höchstens ${MATCHING_SEARCH_MAX_LENGTH} Zeichen lang sein.`,
      )
      .optional()
      .transform((value) => (value ? value : undefined)),
    sort: z.enum(MATCHING_SORTS, { error: 'Bitte wählen Sie eine gültige Sortierung.' }).default('newest'),
  })
  .refine((query) => query.cursor === undefined || query.state !== undefined, {
    message: 'Ein Cursor gilt nur zusammen mit state.',
    path: ['state'],
  });
export type OrganizationMatchingsQuery = z.input<typeof organizationMatchingsQuerySchema>;

const groupCountsSchema = z.object({ open: z.number().int(), accepted: z.number().int(), rejected: z.number().int() });
const groupCursorsSchema = z.object({
  open: z.string().nullable(),
  accepted: z.string().nullable(),
  rejected: z.string().nullable(),
});

/** Grouped as spec §1 (open, rejected, accepted), with each group's total and the cursor of its next (older) page. */
export const organizationMatchingsResponseSchema = z.object({
  /**
   * Days after which an open matching is closed automatically (the organisation's region's answer
   * deadline, ADR 0041): each open one closes on `openMatchingClosesAt(createdAt, declineAfterDays)`.
   */
  declineAfterDays: z.number().int(),
  open: z.array(organizationMatchingSchema),
  accepted: z.array(organizationMatchingSchema),
  rejected: z.array(organizationMatchingSchema),
  /** All matchings of each group, not only this page. */
  counts: groupCountsSchema,
  /** Pass as `cursor` (with that `state`) for the next older page; null when the group has no more. */
  next: groupCursorsSchema,
});
export type OrganizationMatchingsResponse = z.infer<typeof organizationMatchingsResponseSchema>;
export type MatchingGroup = 'open' | 'accepted' | 'rejected';

/** POST /rest/matching/organization/set-result (spec §7 payload). Only OPEN → ACCEPTED | REJECTED. */
export const setMatchingResultRequestSchema = z
  .object({
    vacancyId: idSchema,
    applicantId: idSchema,
    organizationResult: z.enum(ORGANIZATION_RESULTS),
    organizationId: idSchema,
    /**
     * Optional friendly words to the candidate with a decline (issue 14; templates in
     * decline-templates.ts, edited before sending). Only with REJECTED; blank = none; too long = 400.
     */
    message: optionalText(DECLINE_MESSAGE_MAX_LENGTH, 'Die Nachricht'),
  })
  .refine((input) => input.message === null || input.organizationResult === 'REJECTED', {
    message: 'Eine Nachricht an die Bewerberin oder den Bewerber gibt es nur bei einer Absage.',
    path: ['message'],
  });
/** What the web app sends (message may be left out). */
export type SetMatchingResultRequest = z.input<typeof setMatchingResultRequestSchema>;
/** What the API works with after parsing (message trimmed, blank = null). */
export type SetMatchingResult = z.infer<typeof setMatchingResultRequestSchema>;

/** A matching as the candidate sees it (GET /rest/applicant/matchings). */
/**
 * The posting of a candidate's matching as a card (ADR 0101): kept after the posting was
 * deactivated (`active` false), so the candidate still sees what the matching was about.
 */
export const matchingPostingSchema = z.object({
  id: idSchema,
  title: z.string(),
  type: postingTypeSchema,
  city: z.string(),
  zipCode: z.string(),
  start: z.string().nullable(),
  /** First photo of the posting (GET /rest/applicant/vacancies/{id}/photos/{photoId} while active). */
  image: idSchema.nullable(),
  /** Still open to candidates (ACTIVE posting of an active company). */
  active: z.boolean(),
});
export type MatchingPosting = z.infer<typeof matchingPostingSchema>;

export const applicantMatchingSchema = z.object({
  vacancyId: idSchema,
  vacancyTitle: z.string(),
  organization: organizationSummarySchema,
  state: matchingStateSchema,
  createdAt: z.iso.datetime({ offset: true }),
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
  /** With a decline: the organisation's message to the candidate (or the automatic one after the answer deadline); else null. */
  declineMessage: z.string().nullable(),
  /** True when the answer deadline declined the matching, not a person. */
  declinedAutomatically: z.boolean(),
  /** Your note with the interest, null without one. */
  note: z.string().nullable(),
  /** The posting as a card, also after its deactivation (ADR 0101). */
  posting: matchingPostingSchema,
  /** The candidate ended contact with this company (ADR 0101). */
  contactEnded: z.boolean(),
});
/** GET /rest/applicant/matchings?cursor=&limit= — newest first, keyset-paged (ADR 0029). */
export const applicantMatchingsQuerySchema = z.object({
  cursor: pageCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(MATCHINGS_PAGE_SIZE_MAX).default(MATCHINGS_PAGE_SIZE_MAX),
});
export const applicantMatchingsResponseSchema = z.object({
  matchings: z.array(applicantMatchingSchema),
  /** Pass as `cursor` for the next older page; null on the last page. */
  next: z.string().nullable(),
});
export type ApplicantMatching = z.infer<typeof applicantMatchingSchema>;
export type ApplicantMatchingsResponse = z.infer<typeof applicantMatchingsResponseSchema>;
/** POST /rest/applicant/matchings — show interest in an active posting. */
export const createMatchingRequestSchema = z.object({
  vacancyId: idSchema,
  /** Optional words to the employer (plain text, trimmed, ≤ 500 characters; blank = none). */
  note: interestNoteSchema,
});

/* ───────────── Chats and messages ───────────── */

export const messageSenderSchema = z.enum(MESSAGE_SENDERS);

export const chatMessageSchema = z.object({
  id: idSchema,
  /**
   * The sender's idempotency key: a retry with the same id is stored once. Only on the reader's
   * own side's messages; null on the other side's and on system messages.
   */
  clientMessageId: z.string().nullable(),
  sender: messageSenderSchema,
  text: z.string(),
  timestamp: z.iso.datetime({ offset: true }),
  /** Position in the chat (1, 2, …); compared with the other side's read mark ("gelesen"). */
  seq: z.number().int().positive(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** POST /rest/messages/{applicantId} and POST /rest/applicant/chats/{organizationId}/messages */
export const sendMessageRequestSchema = z.object({
  text: z
    .string({ error: 'Bitte geben Sie eine Nachricht ein.' })
    .trim()
    .min(1, 'Bitte geben Sie eine Nachricht ein.')
    .max(MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG),
  clientMessageId: z.uuid({ error: 'Ungültige Nachrichten-ID.' }),
});
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;

/** One chat in the organisation's list (GET /rest/messages), newest first. */
export const chatSummarySchema = z.object({
  applicantId: idSchema,
  applicant: candidateProfileSchema.pick({ id: true, names: true, familyNames: true, photos: true, photosCount: true }),
  lastMessage: chatMessageSchema.nullable(),
  /** Time of the last message, or of the chat's opening. */
  timestamp: z.iso.datetime({ offset: true }),
  /** The candidate's messages this user has not read yet (ADR 0040). */
  unread: z.number().int().nonnegative(),
  /** The candidate ended contact: the chat is closed (ADR 0101). */
  contactEnded: z.boolean(),
});
export const chatListResponseSchema = z.object({ chats: z.array(chatSummarySchema) });
export type ChatListResponse = z.infer<typeof chatListResponseSchema>;
export type ChatSummary = z.infer<typeof chatSummarySchema>;

/**
 * GET /rest/messages/organization/{applicantId}?before=&limit= (and the candidate's chat read):
 * the newest `limit` messages, oldest first; with `before` (an `older` of a previous answer) the
 * `limit` messages before it (ADR 0029).
 */
export const chatPageQuerySchema = z.object({
  before: pageCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_SIZE_MAX).default(CHAT_PAGE_SIZE),
});
export type ChatPageQuery = z.input<typeof chatPageQuerySchema>;

/** GET /rest/messages/organization/{applicantId} */
export const chatResponseSchema = z.object({
  applicant: candidateProfileSchema,
  messages: z.array(chatMessageSchema),
  /** Opaque cursor for polling: pass it as `since`. */
  cursor: z.string(),
  /** Pass as `before` to load the older messages; null when this page starts the chat. */
  older: z.string().nullable(),
  /** The seq up to which the candidate has read the chat ("gelesen" on own messages; 0 = nothing read). */
  readByApplicant: z.number().int().nonnegative(),
  /** When the candidate ended contact (the chat is closed, sending answers 409); null while open (ADR 0101). */
  contactEndedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;

/** GET …/polling?since=cursor → 200 with new messages, or 204 when nothing is new. */
export const pollQuerySchema = z.object({
  since: z.string().max(100).optional(),
  /** Organisation side: the candidate's read mark the client shows; a newer one also answers 200 (ADR 0040). */
  read: z.coerce
    .number({ error: 'Ungültige Lesemarke.' })
    .int('Ungültige Lesemarke.')
    .min(0, 'Ungültige Lesemarke.')
    .max(2_147_483_647, 'Ungültige Lesemarke.')
    .optional(),
});
export const pollResponseSchema = z.object({
  messages: z.array(chatMessageSchema),
  cursor: z.string(),
  /** Organisation side: the candidate's read mark (seq); absent on the candidate side. */
  readByApplicant: z.number().int().nonnegative().optional(),
});
export type PollResponse = z.infer<typeof pollResponseSchema>;

/** The candidate's chats (GET /rest/applicant/chats). */
export const applicantChatSummarySchema = z.object({
  organization: organizationSummarySchema,
  lastMessage: chatMessageSchema.nullable(),
  timestamp: z.iso.datetime({ offset: true }),
  /** The organisation's messages the candidate has not read yet (ADR 0040). */
  unread: z.number().int().nonnegative(),
  /** The candidate ended contact: the chat is closed (ADR 0101). */
  contactEnded: z.boolean(),
});
export const applicantChatListResponseSchema = z.object({ chats: z.array(applicantChatSummarySchema) });
export const applicantChatResponseSchema = z.object({
  organization: organizationSummarySchema,
  messages: z.array(chatMessageSchema),
  cursor: z.string(),
  older: z.string().nullable(),
  /**
   * Read receipts (ADR 0101): the seq up to which someone of the company has read the chat (0 =
   * nothing read; compare with the seq of own messages) and when.
   */
  readByOrganization: z.number().int().nonnegative(),
  readByOrganizationAt: z.iso.datetime({ offset: true }).nullable(),
  /** When the candidate ended contact (the chat is closed); null while open. */
  contactEndedAt: z.iso.datetime({ offset: true }).nullable(),
  /** The postings of this company the candidate showed interest in, as cards (newest first). */
  postings: z.array(matchingPostingSchema),
});
export type ApplicantChatSummary = z.infer<typeof applicantChatSummarySchema>;
export type ApplicantChatListResponse = z.infer<typeof applicantChatListResponseSchema>;
export type ApplicantChatResponse = z.infer<typeof applicantChatResponseSchema>;
