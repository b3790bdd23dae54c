/**
 * Issue 14 "Never miss a candidate": internal notes on a matching, the employer's response
 * figures, and the answer deadlines per region (ADR 0041). Their limits and constants are in
 * candidate-follow-up.ts, which imports no zod (ADR 0078).
 */
import { z } from 'zod';
import { myPostingStateSchema } from './candidate-feed.schema';
import {
  MATCHING_NOTE_MAX_LENGTH,
  MATCHING_NOTE_MISSING,
  RESPONSE_DEADLINE_MAX_DAYS,
  RESPONSE_DEADLINE_MIN_DAYS,
} from '../candidate-follow-up';
import { regionSchema } from './enums.schema';
import { idSchema, requiredText } from './fields';
import { vacancySchema } from './vacancy.schema';

/* ───────────── Internal notes (organisation users only) ───────────── */

const noteTextSchema = requiredText(MATCHING_NOTE_MAX_LENGTH, MATCHING_NOTE_MISSING, 'Eine Notiz');

/** The matching a note belongs to: posting and candidate, as in set-result. */
export const matchingNotesQuerySchema = z.object({ vacancyId: idSchema, applicantId: idSchema });
export type MatchingNotesQuery = z.infer<typeof matchingNotesQuerySchema>;

/** POST /rest/matching/organization/notes */
export const createMatchingNoteRequestSchema = z.object({
  vacancyId: idSchema,
  applicantId: idSchema,
  text: noteTextSchema,
});
export type CreateMatchingNoteRequest = z.input<typeof createMatchingNoteRequestSchema>;

/** PUT /rest/matching/organization/notes/:noteId — own notes only. */
export const updateMatchingNoteRequestSchema = z.object({ text: noteTextSchema });
export type UpdateMatchingNoteRequest = z.input<typeof updateMatchingNoteRequestSchema>;

export const matchingNoteSchema = z.object({
  id: idSchema,
  text: z.string(),
  /** The author's name; null when that account has been deleted. */
  authorName: z.string().nullable(),
  /** Whether the signed-in user wrote it (and may edit or delete it). */
  isOwn: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type MatchingNote = z.infer<typeof matchingNoteSchema>;
export const matchingNotesResponseSchema = z.object({ notes: z.array(matchingNoteSchema) });
export type MatchingNotesResponse = z.infer<typeof matchingNotesResponseSchema>;

/* ───────────── Response figures ───────────── */

/** GET /rest/matching/organization/response-stats */
export const responseStatsSchema = z.object({
  windowDays: z.number().int(),
  /** Matchings of the window (created in it). */
  total: z.number().int(),
  /** Of those, answered by the organisation (accepted or declined by a person). */
  answered: z.number().int(),
  /** answered / total (0…1); null without matchings. */
  responseRate: z.number().nullable(),
  /** Median time from interest to answer, in hours; null without answers. */
  medianAnswerHours: z.number().nullable(),
});
export type ResponseStats = z.infer<typeof responseStatsSchema>;

/* ───────────── Answer deadlines per region (administrators) ───────────── */

const DEADLINE_RANGE_MESSAGE = `Bitte geben Sie eine ganze Zahl von ${RESPONSE_DEADLINE_MIN_DAYS} bis ${RESPONSE_DEADLINE_MAX_DAYS} Tagen ein.`;

export const responseDeadlineSchema = z.object({
  region: regionSchema,
  declineAfterDays: z.number().int(),
  /** True when no administrator set this region: the default applies. */
  isDefault: z.boolean(),
});
export type ResponseDeadline = z.infer<typeof responseDeadlineSchema>;
export const responseDeadlinesResponseSchema = z.object({
  defaultDays: z.number().int(),
  deadlines: z.array(responseDeadlineSchema),
});
export type ResponseDeadlinesResponse = z.infer<typeof responseDeadlinesResponseSchema>;

export const responseDeadlineParamsSchema = z.object({ region: regionSchema });
/** PUT /rest/admin/response-deadlines/:region */
export const updateResponseDeadlineRequestSchema = z.object({
  declineAfterDays: z
    .number({ error: DEADLINE_RANGE_MESSAGE })
    .int(DEADLINE_RANGE_MESSAGE)
    .min(RESPONSE_DEADLINE_MIN_DAYS, DEADLINE_RANGE_MESSAGE)
    .max(RESPONSE_DEADLINE_MAX_DAYS, DEADLINE_RANGE_MESSAGE),
});
export type UpdateResponseDeadlineRequest = z.infer<typeof updateResponseDeadlineRequestSchema>;

/* ───────────── Candidate API: how fast the company answers ───────────── */

/** "antwortet meist innerhalb von N Tagen"; null while the company has too few answers to say. */
export const organizationResponseTimeSchema = z
  .object({ typicalAnswerDays: z.number().int(), text: z.string() })
  .nullable();
export type OrganizationResponseTime = z.infer<typeof organizationResponseTimeSchema>;

/** GET /rest/applicant/vacancies/{id}: the posting plus the company's typical answer time. */
export const applicantVacancyDetailSchema = vacancySchema.extend({
  organizationResponseTime: organizationResponseTimeSchema,
  /** The candidate's own state of the posting (issue 46, ADR 0100). */
  myState: myPostingStateSchema,
});
export type ApplicantVacancyDetail = z.infer<typeof applicantVacancyDetailSchema>;
