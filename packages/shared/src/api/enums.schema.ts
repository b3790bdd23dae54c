/**
 * zod schemas of the shared enums. Apart from their plain modules (regions.ts, postings.ts,
 * users.ts, candidate-privacy.ts), which import no zod: a screen that shows a label needs no zod
 * before its first paint (ADR 0078).
 */
import { z } from 'zod';
import { SUPPRESSED_COUNT, type CandidateCount } from '../candidate-privacy';
import { POSTING_TYPES } from '../postings';
import { REGIONS } from '../region-codes';
import { ACTOR_KINDS, NOTIFICATION_INTERVALS, USER_TYPES } from '../users';

export const regionSchema = z.enum(REGIONS, { error: 'Bitte wählen Sie eine gültige Region.' });
export const postingTypeSchema = z.enum(POSTING_TYPES, { error: 'Bitte wählen Sie eine Art der Stelle.' });
export const userTypeSchema = z.enum(USER_TYPES);
export const actorKindSchema = z.enum(ACTOR_KINDS);
export const notificationIntervalSchema = z.enum(NOTIFICATION_INTERVALS);

/** A count of candidates: the number, or `"LT5"` for 1–4. */
export const candidateCountSchema: z.ZodType<CandidateCount> = z.union([
  z.number().int().nonnegative(),
  z.literal(SUPPRESSED_COUNT),
]);
