/**
 * Statistics dashboard (issue #11): GET /rest/statistics and the per-organisation table
 * GET /rest/statistics/organizations (+ /export as CSV). Scope: admins all regions (optional
 * region filter), regional partners their regions (filter among them), statistics users their
 * one region or, without one, all regions. See docs/statistics.md for every definition.
 */
import { z } from 'zod';
import { candidateCountSchema } from './enums.schema';
import { POSTING_TYPES, type PostingType } from '../postings';
import { regionSchema } from './enums.schema';
import { statisticsPeriodSchema } from './statistics-period.schema';
import { pageQuerySchema, pageSchema } from './fields';

/** Query of every statistics request: the period and, optionally, one region of the caller's scope. */
export const statisticsQuerySchema = statisticsPeriodSchema.and(z.object({ region: regionSchema.optional() }));
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

const periodSchema = z.object({ from: z.iso.date(), to: z.iso.date() });

/** A figure of the period and of the comparison period. */
const comparedCountSchema = z.object({ current: z.number().int(), previous: z.number().int() });
/** A count of candidates in the period and the comparison period (1–4 suppressed as "LT5"). */
const comparedCandidateCountSchema = z.object({ current: candidateCountSchema, previous: candidateCountSchema });
/** A ratio 0..1 or an amount of hours; null when there is nothing to compute it from. */
const comparedValueSchema = z.object({ current: z.number().nullable(), previous: z.number().nullable() });

export const statisticsKpisSchema = z.object({
  organizations: z.object({
    /** State today (no history is kept of the switches). */
    active: z.number().int(),
    members: z.number().int(),
    waitingForApproval: z.number().int(),
    /** Created in the period. */
    new: comparedCountSchema,
  }),
  postings: z.object({
    /** Active today, of active and released organisations (what candidates can see). */
    active: z.number().int(),
    activeByType: z.record(z.enum(POSTING_TYPES), z.number().int()),
    /** Created in the period. */
    new: comparedCountSchema,
  }),
  candidates: z.object({
    /** Registered up to the end of the period. */
    registered: candidateCountSchema,
    /** Registered in the period. */
    new: comparedCandidateCountSchema,
    /** Viewed a posting, showed interest or wrote a message in the period. */
    active: comparedCandidateCountSchema,
  }),
  /** Posting views by candidates (one per candidate, posting and day). */
  views: comparedCountSchema,
  /** Interest shown = matchings created in the period. */
  interest: comparedCountSchema,
  /** Matchings created in the period, by their state today. */
  matchings: z.object({ open: comparedCountSchema, accepted: comparedCountSchema, declined: comparedCountSchema }),
  /** Accepted ÷ (accepted + declined) of the decisions made in the period. */
  acceptanceRate: comparedValueSchema,
  /** Median hours from interest to the employer's decision, over decisions made in the period. */
  medianAnswerHours: comparedValueSchema,
  chatsStarted: comparedCountSchema,
  messages: comparedCountSchema,
});
export type StatisticsKpis = z.infer<typeof statisticsKpisSchema>;

export const weeklyTrendPointSchema = z.object({
  /** Monday of the ISO week (Berlin). */
  weekStart: z.iso.date(),
  views: z.number().int(),
  interest: z.number().int(),
  /** Decisions made (accepted or declined) in the week. */
  decided: z.number().int(),
  accepted: z.number().int(),
});
export type WeeklyTrendPoint = z.infer<typeof weeklyTrendPointSchema>;

export const CANDIDATE_AGE_BANDS = [
  'UNDER_15',
  'AGE_15_16',
  'AGE_17_18',
  'AGE_19_21',
  'AGE_22_PLUS',
  'UNKNOWN',
] as const;
export type CandidateAgeBand = (typeof CANDIDATE_AGE_BANDS)[number];
export const CANDIDATE_AGE_BAND_LABELS: Record<CandidateAgeBand, string> = {
  UNDER_15: 'unter 15',
  AGE_15_16: '15–16',
  AGE_17_18: '17–18',
  AGE_19_21: '19–21',
  AGE_22_PLUS: '22 und älter',
  UNKNOWN: 'ohne Angabe',
};
/** Lower bound (age in whole years) of each band; UNKNOWN has none. Used by the SQL and the tests. */
export const CANDIDATE_AGE_BAND_FROM: Record<Exclude<CandidateAgeBand, 'UNKNOWN'>, number> = {
  UNDER_15: 0,
  AGE_15_16: 15,
  AGE_17_18: 17,
  AGE_19_21: 19,
  AGE_22_PLUS: 22,
};

/** Label of candidates without a school in their profile, and of the rest after the top schools. */
export const NO_SCHOOL_LABEL = 'ohne Angabe';
export const OTHER_SCHOOLS_LABEL = 'weitere Schulen';
/** How many schools and occupations the charts name; the rest is summed up. */
export const STATISTICS_TOP_LIMIT = 10;

export const statisticsDashboardSchema = z.object({
  period: periodSchema,
  previousPeriod: periodSchema,
  /** Regions the figures cover; empty = all regions. */
  regions: z.array(regionSchema),
  /** Regions the caller may filter by (admins and unrestricted statistics users: all). */
  selectableRegions: z.array(regionSchema),
  kpis: statisticsKpisSchema,
  weeklyTrend: z.array(weeklyTrendPointSchema),
  postingsByType: z.array(z.object({ type: z.enum(POSTING_TYPES), active: z.number().int(), new: z.number().int() })),
  /** Top occupations by interest in the period: distinct candidates (suppressed below 5). */
  topOccupations: z.array(z.object({ occupation: z.string(), interest: candidateCountSchema })),
  /** Candidates registered up to the end of the period, by school (top 10, then the rest). */
  candidatesBySchool: z.array(z.object({ school: z.string(), candidates: candidateCountSchema })),
  candidatesByAgeBand: z.array(z.object({ band: z.enum(CANDIDATE_AGE_BANDS), candidates: candidateCountSchema })),
});
export type StatisticsDashboard = z.infer<typeof statisticsDashboardSchema>;

export const STATISTICS_ORGANIZATION_SORTS = [
  'name',
  'activePostings',
  'views',
  'interest',
  'openOverdue',
  'responseRate',
  'lastActivityAt',
] as const;
export type StatisticsOrganizationSort = (typeof STATISTICS_ORGANIZATION_SORTS)[number];
/** An open matching older than this many days counts as overdue ("whom to call"). */
export const OVERDUE_MATCHING_DAYS = 7;

export const statisticsOrganizationsQuerySchema = statisticsQuerySchema.and(
  pageQuerySchema(STATISTICS_ORGANIZATION_SORTS, 'openOverdue'),
);
export type StatisticsOrganizationsQuery = z.infer<typeof statisticsOrganizationsQuerySchema>;

export const statisticsOrganizationRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  region: regionSchema,
  active: z.boolean(),
  activePostings: z.number().int(),
  /** Views of its postings in the period. */
  views: z.number().int(),
  /** Matchings created on its postings in the period. */
  interest: z.number().int(),
  /** Matchings still open today that are older than OVERDUE_MATCHING_DAYS. */
  openOverdue: z.number().int(),
  /** Decided ÷ received, of the matchings received in the period; null when none came in. */
  responseRate: z.number().nullable(),
  /** Latest of: a user's sign-in, a decision, a message by the organisation, a posting change. */
  lastActivityAt: z.iso.datetime({ offset: true }).nullable(),
});
export type StatisticsOrganizationRow = z.infer<typeof statisticsOrganizationRowSchema>;

export const statisticsOrganizationsPageSchema = pageSchema(statisticsOrganizationRowSchema);
export type StatisticsOrganizationsPage = z.infer<typeof statisticsOrganizationsPageSchema>;

/** Posting type labels in the order the charts list them. */
export const STATISTICS_POSTING_TYPES: readonly PostingType[] = POSTING_TYPES;
