/**
 * Student statistics (issue #11): GET /rest/student-statistics, aggregates over the candidates
 * whose profile region is one of the caller's regions (regional partners of SINDELFINGEN only).
 * Every count of candidates is suppressed to "LT5" when it is 1–4; nothing names or identifies
 * a candidate and there is no drill-down. See docs/statistics.md ("Schülerstatistik").
 */
import { z } from 'zod';
import { candidateCountSchema } from './enums.schema';
import { POSTING_TYPES } from '../postings';
import { regionSchema } from './enums.schema';
import { CANDIDATE_AGE_BANDS, statisticsQuerySchema } from './statistics.schema';

/** Same query as the statistics dashboard: `from`, `to` and optionally one of the caller's regions. */
export const studentStatisticsQuerySchema = statisticsQuerySchema;
export type StudentStatisticsQuery = z.infer<typeof studentStatisticsQuerySchema>;

/**
 * Why a share is not given: NO_CANDIDATES = nobody registered (nothing to divide by);
 * SMALL_GROUP = the numerator or the denominator is 1–4 (a share would reveal it).
 */
export const STUDENT_SHARE_WITHHELD_REASONS = ['NO_CANDIDATES', 'SMALL_GROUP'] as const;
export type StudentShareWithheldReason = (typeof STUDENT_SHARE_WITHHELD_REASONS)[number];
export const STUDENT_SHARE_WITHHELD_LABELS: Record<StudentShareWithheldReason, string> = {
  NO_CANDIDATES: 'keine Schülerinnen und Schüler registriert',
  SMALL_GROUP: 'nicht ausgewiesen (weniger als 5)',
};

/** A part of the registered candidates: its count (suppressed) and its share 0..1, or null with the reason. */
export const studentShareSchema = z.object({
  candidates: candidateCountSchema,
  share: z.number().min(0).max(1).nullable(),
  withheld: z.enum(STUDENT_SHARE_WITHHELD_REASONS).nullable(),
});
export type StudentShare = z.infer<typeof studentShareSchema>;

export const studentStatisticsSchema = z.object({
  period: z.object({ from: z.iso.date(), to: z.iso.date() }),
  /** Regions the figures cover (the caller's, or the one filtered by). */
  regions: z.array(regionSchema),
  /** The caller's regions (what the region filter offers). */
  selectableRegions: z.array(regionSchema),
  /** Candidates registered up to the end of the period. */
  registered: candidateCountSchema,
  /** Registered within the period. */
  registeredInPeriod: candidateCountSchema,
  /** Viewed a posting, showed interest or wrote a message within the period. */
  active: candidateCountSchema,
  /** Of the registered: with an ACCEPTED matching decided by the end of the period. */
  matched: studentShareSchema,
  /** Of the registered: with a chat opened by the end of the period. */
  withChat: studentShareSchema,
  /** Top 10 schools, then "weitere Schulen", then "ohne Angabe" (the last two only when not 0). */
  bySchool: z.array(z.object({ school: z.string(), candidates: candidateCountSchema })),
  /** Age at the last day of the period; every band, in order. */
  byAgeBand: z.array(z.object({ band: z.enum(CANDIDATE_AGE_BANDS), candidates: candidateCountSchema })),
  /** Posting types the candidates are interested in; one candidate counts in each type chosen. */
  byInterest: z.array(z.object({ type: z.enum(POSTING_TYPES), candidates: candidateCountSchema })),
  /** Registrations per calendar month (Berlin) of the period; the first and last month only within the period. */
  registeredByMonth: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), candidates: candidateCountSchema })),
});
export type StudentStatistics = z.infer<typeof studentStatisticsSchema>;
