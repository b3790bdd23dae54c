/**
 * Statistics (issue #11): who sees which regions, the comparison period, the weekly points and
 * the "< 5" suppression of candidate counts before anything leaves the server.
 */
import {
  addDays,
  CANDIDATE_AGE_BANDS,
  OTHER_SCHOOLS_LABEL,
  POSTING_TYPES,
  occupationGroup,
  previousPeriod,
  REGIONS,
  STATISTICS_TOP_LIMIT,
  suppressSmallGroup,
  type PostingType,
  type Region,
  type StatisticsDashboard,
  type StatisticsOrganizationRow,
  type StatisticsOrganizationsPage,
  type StatisticsOrganizationSort,
  type StatisticsPeriod,
  type WeeklyTrendPoint,
} from '@matchwerk/shared';
import { requireActor, type SessionActor } from '../../access/actor';
import { AppError } from '../../errors/app-error';
import type { AnswerBucket, EventDay, StatisticsRepository, StatisticsScope } from './statistics.repository';

export const STATISTICS_MESSAGES = {
  regionNotOwn: 'Für diese Region dürfen Sie keine Statistik sehen. Bitte wählen Sie eine Ihrer Regionen.',
} as const;

export interface StatisticsQueryParsed {
  from: string;
  to: string;
  region?: Region | undefined;
}

export interface StatisticsTableQueryParsed extends StatisticsQueryParsed {
  sort: StatisticsOrganizationSort;
  order: 'asc' | 'desc';
  search?: string | undefined;
}

export interface StatisticsPageQueryParsed extends StatisticsTableQueryParsed {
  page: number;
  pageSize: number;
}

export interface StatisticsServiceDeps {
  repository: StatisticsRepository;
  clock: () => Date;
}

interface RegionScope {
  /** Regions counted; null = all (candidates without a region included). */
  regions: readonly Region[] | null;
  selectable: readonly Region[];
}

/**
 * Admins: every region, `region` filters. Partners: their regions, `region` one of them.
 * Statistics users: their one region (users.regions) or, with none, every region like admins.
 */
export function resolveRegionScope(actor: SessionActor, region: Region | undefined): RegionScope {
  const unrestricted = actor.type === 'ADMIN' || (actor.type === 'STATISTICS' && actor.regions.length === 0);
  if (unrestricted) return { regions: region ? [region] : null, selectable: REGIONS };
  const own = actor.regions;
  if (region && !own.includes(region)) {
    throw new AppError('FORBIDDEN', {
      message: STATISTICS_MESSAGES.regionNotOwn,
      fieldErrors: { region: STATISTICS_MESSAGES.regionNotOwn },
    });
  }
  return { regions: region ? [region] : own, selectable: own };
}

/** Mondays of the ISO weeks that overlap the period. */
export function weeksOf(period: StatisticsPeriod): string[] {
  let monday = mondayOf(period.from);
  const weeks: string[] = [];
  while (monday <= period.to) {
    weeks.push(monday);
    monday = addDays(monday, 7);
  }
  return weeks;
}

const ratio = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

type EventTotals = Omit<EventDay, 'day'>;

const NO_EVENTS: EventTotals = {
  views: 0,
  interestOpen: 0,
  interestAccepted: 0,
  interestDeclined: 0,
  decidedAccepted: 0,
  decidedDeclined: 0,
  chats: 0,
  messages: 0,
};

function addEvents(sum: EventTotals, day: EventTotals): EventTotals {
  return {
    views: sum.views + day.views,
    interestOpen: sum.interestOpen + day.interestOpen,
    interestAccepted: sum.interestAccepted + day.interestAccepted,
    interestDeclined: sum.interestDeclined + day.interestDeclined,
    decidedAccepted: sum.decidedAccepted + day.decidedAccepted,
    decidedDeclined: sum.decidedDeclined + day.decidedDeclined,
    chats: sum.chats + day.chats,
    messages: sum.messages + day.messages,
  };
}

/** The Monday (ISO week start) of a calendar day. */
function mondayOf(day: string): string {
  return addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
}

/** Totals of each period and the current period's ISO weeks from the per-day counts. */
export function sumEventDays(days: readonly EventDay[], current: StatisticsPeriod, previous: StatisticsPeriod) {
  let currentTotals = NO_EVENTS;
  let previousTotals = NO_EVENTS;
  const weeks = new Map<string, WeeklyTrendPoint>();
  for (const { day, ...counts } of days) {
    if (day >= previous.from && day <= previous.to) previousTotals = addEvents(previousTotals, counts);
    if (day < current.from || day > current.to) continue;
    currentTotals = addEvents(currentTotals, counts);
    const weekStart = mondayOf(day);
    const week = weeks.get(weekStart) ?? { weekStart, views: 0, interest: 0, decided: 0, accepted: 0 };
    weeks.set(weekStart, {
      weekStart,
      views: week.views + counts.views,
      interest: week.interest + counts.interestOpen + counts.interestAccepted + counts.interestDeclined,
      decided: week.decided + counts.decidedAccepted + counts.decidedDeclined,
      accepted: week.accepted + counts.decidedAccepted,
    });
  }
  return { current: currentTotals, previous: previousTotals, weeks };
}

/**
 * The median answer time (as percentile_cont(0.5): the middle value, or the mean of the two middle
 * ones) from answer-time buckets, each decision taken as its bucket's mean. Exact when a bucket's
 * answer times are equal, otherwise off by less than the bucket's width (5 %); null without decisions.
 */
export function medianOfBuckets(buckets: readonly AnswerBucket[]): number | null {
  const sorted = [...buckets].filter((bucket) => bucket.decisions > 0).sort((a, b) => a.bucket - b.bucket);
  const total = sorted.reduce((sum, bucket) => sum + bucket.decisions, 0);
  if (total === 0) return null;
  const valueAt = (index: number): number => {
    let seen = 0;
    for (const bucket of sorted) {
      seen += bucket.decisions;
      if (index < seen) return bucket.hours / bucket.decisions;
    }
    return sorted.at(-1)!.hours / sorted.at(-1)!.decisions;
  };
  return total % 2 === 1 ? valueAt((total - 1) / 2) : (valueAt(total / 2 - 1) + valueAt(total / 2)) / 2;
}

/**
 * "Top 10 Berufe" (issue #48): interest per recognised occupation (official spelling), free text
 * summed as "Anderer Beruf", none as "Ohne Angabe"; most interest first, ties by name.
 */
export function topOccupations(
  rows: readonly { occupation: string; interest: number }[],
  limit: number,
): { occupation: string; interest: number }[] {
  const byGroup = new Map<string, number>();
  for (const row of rows) {
    const group = occupationGroup(row.occupation);
    byGroup.set(group, (byGroup.get(group) ?? 0) + row.interest);
  }
  return [...byGroup]
    .map(([occupation, interest]) => ({ occupation, interest }))
    .sort((a, b) => b.interest - a.interest || (a.occupation < b.occupation ? -1 : a.occupation > b.occupation ? 1 : 0))
    .slice(0, limit);
}

export function createStatisticsService(deps: StatisticsServiceDeps) {
  const { repository } = deps;

  function scopeFor(actor: SessionActor | null, query: StatisticsQueryParsed) {
    const user = requireActor(actor, { legal: true, area: 'statistics' });
    const regions = resolveRegionScope(user, query.region);
    const current = { from: query.from, to: query.to };
    const scope: StatisticsScope = { regions: regions.regions, current, previous: previousPeriod(current) };
    return { regions, scope };
  }

  async function table(
    actor: SessionActor | null,
    query: StatisticsTableQueryParsed,
    page?: { offset: number; limit: number },
  ) {
    const { scope } = scopeFor(actor, query);
    return repository.organizationTable({
      regions: scope.regions,
      period: scope.current,
      now: deps.clock(),
      sort: query.sort,
      order: query.order,
      search: query.search,
      page,
    });
  }

  return {
    async dashboard(actor: SessionActor | null, query: StatisticsQueryParsed): Promise<StatisticsDashboard> {
      const { regions, scope } = scopeFor(actor, query);
      // Independent aggregates: on PostgreSQL they run side by side on the pool.
      const [organizations, postings, candidates, days, answers, occupations] = await Promise.all([
        repository.organizations(scope),
        repository.postingsByType(scope),
        repository.candidates(scope),
        repository.eventDays(scope),
        repository.answerBuckets(scope),
        repository.occupationInterest(scope),
      ]);
      const { schools, ageBands } = candidates;
      const events = sumEventDays(days, scope.current, scope.previous);

      const byType = new Map<PostingType, (typeof postings)[number]>(postings.map((row) => [row.type, row]));
      const postingsByType = POSTING_TYPES.map((type) => ({
        type,
        active: byType.get(type)?.active ?? 0,
        new: byType.get(type)?.newCurrent ?? 0,
      }));
      const activeByType = Object.fromEntries(postingsByType.map((row) => [row.type, row.active])) as Record<
        PostingType,
        number
      >;

      const weeklyTrend: WeeklyTrendPoint[] = weeksOf(scope.current).map(
        (weekStart) => events.weeks.get(weekStart) ?? { weekStart, views: 0, interest: 0, decided: 0, accepted: 0 },
      );

      const topSchools = schools.slice(0, STATISTICS_TOP_LIMIT);
      const otherSchools = schools.slice(STATISTICS_TOP_LIMIT).reduce((sum, row) => sum + row.candidates, 0);
      const candidatesBySchool = [
        ...topSchools.map((row) => ({ school: row.school, candidates: suppressSmallGroup(row.candidates) })),
        ...(schools.length > STATISTICS_TOP_LIMIT
          ? [{ school: OTHER_SCHOOLS_LABEL, candidates: suppressSmallGroup(otherSchools) }]
          : []),
      ];

      const { current, previous } = events;
      const compared = (pick: (totals: EventTotals) => number) => ({
        current: pick(current),
        previous: pick(previous),
      });

      return {
        period: scope.current,
        previousPeriod: scope.previous,
        regions: regions.regions ? [...regions.regions] : [],
        selectableRegions: [...regions.selectable],
        kpis: {
          organizations,
          postings: {
            active: postingsByType.reduce((sum, row) => sum + row.active, 0),
            activeByType,
            new: {
              current: postings.reduce((sum, row) => sum + row.newCurrent, 0),
              previous: postings.reduce((sum, row) => sum + row.newPrevious, 0),
            },
          },
          candidates: {
            registered: suppressSmallGroup(candidates.registered),
            new: {
              current: suppressSmallGroup(candidates.new.current),
              previous: suppressSmallGroup(candidates.new.previous),
            },
            active: {
              current: suppressSmallGroup(candidates.active.current),
              previous: suppressSmallGroup(candidates.active.previous),
            },
          },
          views: compared((totals) => totals.views),
          interest: compared((totals) => totals.interestOpen + totals.interestAccepted + totals.interestDeclined),
          matchings: {
            open: compared((totals) => totals.interestOpen),
            accepted: compared((totals) => totals.interestAccepted),
            declined: compared((totals) => totals.interestDeclined),
          },
          acceptanceRate: {
            current: ratio(current.decidedAccepted, current.decidedAccepted + current.decidedDeclined),
            previous: ratio(previous.decidedAccepted, previous.decidedAccepted + previous.decidedDeclined),
          },
          medianAnswerHours: { current: medianOfBuckets(answers.current), previous: medianOfBuckets(answers.previous) },
          chatsStarted: compared((totals) => totals.chats),
          messages: compared((totals) => totals.messages),
        },
        weeklyTrend,
        postingsByType,
        topOccupations: topOccupations(occupations, STATISTICS_TOP_LIMIT).map((row) => ({
          occupation: row.occupation,
          interest: suppressSmallGroup(row.interest),
        })),
        candidatesBySchool,
        candidatesByAgeBand: CANDIDATE_AGE_BANDS.map((band) => ({
          band,
          candidates: suppressSmallGroup(ageBands.get(band) ?? 0),
        })),
      };
    },

    async organizations(
      actor: SessionActor | null,
      query: StatisticsPageQueryParsed,
    ): Promise<StatisticsOrganizationsPage> {
      const { items, total } = await table(actor, query, {
        offset: query.page * query.pageSize,
        limit: query.pageSize,
      });
      return { items, total, page: query.page, pageSize: query.pageSize };
    },

    /** Every row of the table in the requested order (the CSV export). */
    async allOrganizations(
      actor: SessionActor | null,
      query: StatisticsTableQueryParsed,
    ): Promise<StatisticsOrganizationRow[]> {
      return (await table(actor, query)).items;
    },
  };
}

export type StatisticsService = ReturnType<typeof createStatisticsService>;
