import { z } from 'zod';
import { LIST_PAGE_SIZE } from '../constants';
import { formatNumber } from '../numbers';
import { idSchema, safeString } from './fields';

/* Feedback from the help page (spec §2 Help, §7 POST /rest/feedback, §8; ADR 0036). */

export const FEEDBACK_CATEGORIES = ['QUESTION', 'PROBLEM', 'IDEA', 'ACCESSIBILITY'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];
export const feedbackCategorySchema = z.enum(FEEDBACK_CATEGORIES, { error: 'Bitte wählen Sie eine Kategorie.' });
export const FEEDBACK_CATEGORY_LABELS: Record<FeedbackCategory, string> = {
  QUESTION: 'Frage',
  PROBLEM: 'Problem',
  IDEA: 'Idee',
  ACCESSIBILITY: 'Barriere melden',
};

export const FEEDBACK_STATUSES = ['NEW', 'IN_PROGRESS', 'DONE'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
export const feedbackStatusSchema = z.enum(FEEDBACK_STATUSES, { error: 'Unbekannter Status.' });
export const FEEDBACK_STATUS_LABELS: Record<FeedbackStatus, string> = {
  NEW: 'neu',
  IN_PROGRESS: 'in Bearbeitung',
  DONE: 'erledigt',
};

export const FEEDBACK_MESSAGE_MAX_LENGTH = 5000;
/** Refusal of a longer text (API 400 and the form): never cut. */
export const FEEDBACK_MESSAGE_TOO_LONG = `Ihre Nachricht darf höchstens ${formatNumber(FEEDBACK_MESSAGE_MAX_LENGTH)} Zeichen lang sein.`;
export const FEEDBACK_MESSAGE_MISSING = 'Bitte beschreiben Sie Ihr Anliegen.';
export const FEEDBACK_PAGE_MAX_LENGTH = 500;
/** Feedback per user and hour (ADR 0036). */
export const FEEDBACK_PER_HOUR = 10;

/**
 * The fields of POST /rest/feedback (multipart/form-data: these as text fields, optionally a
 * screenshot in the field `file`).
 */
export const feedbackRequestSchema = z.object({
  category: feedbackCategorySchema,
  message: safeString({ error: FEEDBACK_MESSAGE_MISSING })
    .trim()
    .min(1, FEEDBACK_MESSAGE_MISSING)
    .max(FEEDBACK_MESSAGE_MAX_LENGTH, FEEDBACK_MESSAGE_TOO_LONG),
  /** The screen (SPA route, e.g. "/vacancies/42") the user was on when opening the form. */
  page: safeString({ error: 'Die Seite fehlt.' })
    .trim()
    .min(1, 'Die Seite fehlt.')
    .max(FEEDBACK_PAGE_MAX_LENGTH, `Die Seitenangabe darf höchstens ${FEEDBACK_PAGE_MAX_LENGTH} Zeichen lang sein.`)
    .refine((value) => value.startsWith('/'), 'Die Seitenangabe muss mit "/" beginnen.'),
});
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

/** Candidates' refusals (the candidate app; ADR 0102): the same rules, said with "du". */
export const CANDIDATE_FEEDBACK_MESSAGES = {
  category: 'Bitte wähl aus, worum es geht.',
  missing: 'Bitte schreib, worum es geht.',
  tooLong: `Deine Nachricht darf höchstens ${formatNumber(FEEDBACK_MESSAGE_MAX_LENGTH)} Zeichen lang sein.`,
  page: 'Die Angabe, wo du in der App warst, fehlt.',
  pageTooLong: `Die Angabe, wo du in der App warst, darf höchstens ${FEEDBACK_PAGE_MAX_LENGTH} Zeichen lang sein.`,
  pageSlash: 'Die Angabe, wo du in der App warst, muss mit "/" beginnen.',
} as const;

/** The fields of POST /rest/feedback from the candidate app: like feedbackRequestSchema, refusals in "du". */
export const candidateFeedbackRequestSchema = z.object({
  category: z.enum(FEEDBACK_CATEGORIES, { error: CANDIDATE_FEEDBACK_MESSAGES.category }),
  message: safeString({ error: CANDIDATE_FEEDBACK_MESSAGES.missing })
    .trim()
    .min(1, CANDIDATE_FEEDBACK_MESSAGES.missing)
    .max(FEEDBACK_MESSAGE_MAX_LENGTH, CANDIDATE_FEEDBACK_MESSAGES.tooLong),
  /** The app screen (hash route, e.g. "/nachrichten/…") the candidate was on. */
  page: safeString({ error: CANDIDATE_FEEDBACK_MESSAGES.page })
    .trim()
    .min(1, CANDIDATE_FEEDBACK_MESSAGES.page)
    .max(FEEDBACK_PAGE_MAX_LENGTH, CANDIDATE_FEEDBACK_MESSAGES.pageTooLong)
    .refine((value) => value.startsWith('/'), CANDIDATE_FEEDBACK_MESSAGES.pageSlash),
});

/** Answer of POST /rest/feedback: stored; `mailed` says whether the mail to support went out (false: logged, still stored). */
export const feedbackCreatedSchema = z.object({
  id: z.string(),
  mailed: z.boolean(),
});
export type FeedbackCreated = z.infer<typeof feedbackCreatedSchema>;

/** One feedback in the administrators' list. */
export const feedbackItemSchema = z.object({
  id: z.string(),
  category: feedbackCategorySchema,
  message: z.string(),
  page: z.string(),
  status: feedbackStatusSchema,
  hasScreenshot: z.boolean(),
  mailed: z.boolean(),
  /** The sender; null once their account was deleted. */
  sender: z.object({ name: z.string(), email: z.string() }).nullable(),
  /** Sent from the candidate app by a candidate (ADR 0102); `page` is then a screen of the app. */
  fromCandidate: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

/** GET /rest/feedback?status=&page=&pageSize= — newest first. */
export const feedbackListQuerySchema = z.object({
  status: feedbackStatusSchema.optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(LIST_PAGE_SIZE),
});
export type FeedbackListQuery = z.infer<typeof feedbackListQuerySchema>;

export const feedbackPageSchema = z.object({
  items: z.array(feedbackItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type FeedbackPage = z.infer<typeof feedbackPageSchema>;

export const feedbackParamsSchema = z.object({ id: idSchema });

/** PUT /rest/feedback/{id}/status */
export const feedbackStatusUpdateSchema = z.object({ status: feedbackStatusSchema });
export type FeedbackStatusUpdate = z.infer<typeof feedbackStatusUpdateSchema>;
