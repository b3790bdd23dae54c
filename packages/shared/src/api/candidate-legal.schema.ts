/**
 * The candidate's legal texts through the API (issue 46 item 9, ADR 0102): read publicly,
 * accepted at sign-up and, for a newer version, by the signed-in candidate.
 */
import { z } from 'zod';
import { CANDIDATE_LEGAL_DOCUMENTS } from '../candidate-legal';

export const candidateLegalDocumentSchema = z.enum(CANDIDATE_LEGAL_DOCUMENTS, {
  error: 'Diesen Text gibt es nicht.',
});

const versionSchema = z
  .string({ error: 'Bitte gib die Fassung an, der du zustimmst.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Eine Fassung ist ein Datum wie 2026-12-07.');

/**
 * The versions a candidate agrees to, per document (what the app showed). At sign-up both;
 * later the due ones. A version other than the current one is refused (the texts changed meanwhile).
 */
export const candidateLegalVersionsSchema = z
  .object({ CANDIDATE_PRIVACY: versionSchema.optional(), CANDIDATE_TERMS: versionSchema.optional() })
  .strict();
export type CandidateLegalVersionsInput = z.infer<typeof candidateLegalVersionsSchema>;

/** POST /rest/applicant/legal/acceptances */
export const candidateLegalAcceptRequestSchema = z.object({ accepted: candidateLegalVersionsSchema }).strict();
export type CandidateLegalAcceptRequest = z.infer<typeof candidateLegalAcceptRequestSchema>;

const sectionSchema = z.object({ heading: z.string(), paragraphs: z.array(z.string()) });

export const candidateLegalTextSchema = z.object({
  document: candidateLegalDocumentSchema,
  /** ISO date of its "Fassung vom". */
  version: z.string(),
  title: z.string(),
  summary: z.string(),
  sections: z.array(sectionSchema),
});

/** GET /rest/public/legal/candidate — the current texts, no account needed. */
export const candidateLegalTextsResponseSchema = z.object({ documents: z.array(candidateLegalTextSchema) });
export type CandidateLegalTextsResponse = z.infer<typeof candidateLegalTextsResponseSchema>;

export const dueCandidateLegalDocumentSchema = z.object({
  document: candidateLegalDocumentSchema,
  version: z.string(),
  /** The newest older version the candidate accepted; null if none. */
  acceptedVersion: z.string().nullable(),
});

/** GET /rest/applicant/legal (and the answer of accepting): what the candidate accepted and what is due. */
export const candidateLegalStatusSchema = z.object({
  documents: z.array(
    z.object({
      document: candidateLegalDocumentSchema,
      title: z.string(),
      currentVersion: z.string(),
      /** The newest version the candidate accepted, and when; null if never. */
      acceptedVersion: z.string().nullable(),
      acceptedAt: z.iso.datetime({ offset: true }).nullable(),
    }),
  ),
  /** Documents whose current version the candidate has not accepted yet; empty = nothing to do. */
  due: z.array(dueCandidateLegalDocumentSchema),
});
export type CandidateLegalStatus = z.infer<typeof candidateLegalStatusSchema>;
