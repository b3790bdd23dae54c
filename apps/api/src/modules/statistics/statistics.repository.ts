/**
 * The statistics' SQL (issue #11, ADR 0024, 0026). The dashboard reads the summary tables that
 * triggers keep with the events (migration 0007: per-day counts per region, answer-time buckets,
 * one row per candidate with the days it was active), each query covering the current and the
 * comparison period at once; states of today (organisations, postings) and the per-organisation
 * table are computed over the real tables. Periods are Berlin calendar days; see docs/statistics.md.
 */
import {
  CANDIDATE_AGE_BAND_FROM,
  germanSearchTerms,
  NO_SCHOOL_LABEL,
  OVERDUE_MATCHING_DAYS,
  type PostingType,
  type Region,
  type StatisticsOrganizationRow,
  type StatisticsOrganizationSort,
} from '@matchwerk/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** A period as Berlin calendar days, both included. */
export interface DayRange {
  from: string;
  to: string;
}

export interface StatisticsScope {
  /** Regions to count; null = all regions (candidates without a region included). */
  regions: readonly Region[] | null;
  current: DayRange;
  previous: DayRange;
}

/** Start of a Berlin calendar day as a timestamptz. */
function dayStart(day: string): SQL {
  return sql`((${day}::date)::timestamp at time zone 'Europe/Berlin')`;
}

/** Start of the Berlin day after `day` (the exclusive end of a period ending on `day`). */
function dayEnd(day: string): SQL {
  return sql`((${day}::date + 1)::timestamp at time zone 'Europe/Berlin')`;
}

function regionCondition(column: SQL, regions: readonly Region[] | null): SQL {
  if (regions === null) return sql`true`;
  if (regions.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    regions.map((region) => sql`${region}`),
    sql`, `,
  )})`;
}

/** Candidates in scope: by the profile's region; with all regions, every candidate (also those without a region). */
function candidateRegionCondition(regions: readonly Region[] | null): SQL {
  return regions === null ? sql`true` : regionCondition(sql`c.region`, regions);
}

const int = (value: unknown): number => Number(value ?? 0);
const nullableNumber = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

async function rows<Row>(db: Database, query: SQL): Promise<Row[]> {
  // Both drivers (node-postgres, PGlite) answer raw SQL with `{ rows }`; the shared handle type cannot say so.
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

/** Event counts of one Berlin day (statistics_region_days summed over regions in scope and shards). */
export interface EventDay {
  day: string;
  views: number;
  interestOpen: number;
  interestAccepted: number;
  interestDeclined: number;
  decidedAccepted: number;
  decidedDeclined: number;
  chats: number;
  messages: number;
}

/** Decisions whose answer time fell into one bucket (5 % wide), and the sum of their answer times. */
export interface AnswerBucket {
  bucket: number;
  decisions: number;
  hours: number;
}

export interface OrganizationTableParams {
  regions: readonly Region[] | null;
  period: DayRange;
  now: Date;
  sort: StatisticsOrganizationSort;
  order: 'asc' | 'desc';
  search?: string | undefined;
  /** Omitted: every row (the CSV export). */
  page?: { offset: number; limit: number };
}

const ORGANIZATION_SORT_COLUMNS: Record<StatisticsOrganizationSort, string> = {
  name: 'name',
  activePostings: 'active_postings',
  views: 'views',
  interest: 'interest',
  openOverdue: 'open_overdue',
  responseRate: 'response_rate',
  lastActivityAt: 'last_activity_at',
};

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export function createStatisticsRepository(db: Database) {
  return {
    /** State today (active, members, waiting) and organisations created in either period. */
    async organizations(scope: StatisticsScope) {
      const [row] = await rows<Record<string, unknown>>(
        db,
        sql`select
              count(*) filter (where o.active and o.approved_at is not null)::int as active,
              count(*) filter (where o.member)::int as members,
              count(*) filter (where o.approved_at is null)::int as waiting,
              count(*) filter (where o.created_at >= ${dayStart(scope.current.from)} and o.created_at < ${dayEnd(scope.current.to)})::int as new_current,
              count(*) filter (where o.created_at >= ${dayStart(scope.previous.from)} and o.created_at < ${dayEnd(scope.previous.to)})::int as new_previous
            from organizations o
            where ${regionCondition(sql`o.region`, scope.regions)}`,
      );
      return {
        active: int(row?.active),
        members: int(row?.members),
        waitingForApproval: int(row?.waiting),
        new: { current: int(row?.new_current), previous: int(row?.new_previous) },
      };
    },

    /** Per posting type: active today (of active, released organisations) and created in each period. */
    async postingsByType(scope: StatisticsScope) {
      const result = await rows<Record<string, unknown>>(
        db,
        sql`select v.type,
              count(*) filter (where v.active and o.active and o.approved_at is not null)::int as active,
              count(*) filter (where v.created_at >= ${dayStart(scope.current.from)} and v.created_at < ${dayEnd(scope.current.to)})::int as new_current,
              count(*) filter (where v.created_at >= ${dayStart(scope.previous.from)} and v.created_at < ${dayEnd(scope.previous.to)})::int as new_previous
            from vacancies v
            join organizations o on o.id = v.organization_id
            where ${regionCondition(sql`o.region`, scope.regions)}
            group by v.type`,
      );
      return result.map((row) => ({
        type: row.type as PostingType,
        active: int(row.active),
        newCurrent: int(row.new_current),
        newPrevious: int(row.new_previous),
      }));
    },

    /**
     * Event counts per Berlin day of both periods (statistics_region_days, kept by triggers with
     * the events; ADR 0026): views, interest by today's state, decisions, chats, messages.
     */
    async eventDays(scope: StatisticsScope): Promise<EventDay[]> {
      const result = await rows<Record<string, unknown>>(
        db,
        sql`select to_char(d.day, 'YYYY-MM-DD') as day, sum(d.views) as views, sum(d.interest_open) as interest_open,
              sum(d.interest_accepted) as interest_accepted, sum(d.interest_declined) as interest_declined,
              sum(d.decided_accepted) as decided_accepted, sum(d.decided_declined) as decided_declined,
              sum(d.chats) as chats, sum(d.messages) as messages
            from statistics_region_days d
            where d.day >= ${scope.previous.from}::date and d.day <= ${scope.current.to}::date and ${regionCondition(sql`d.region`, scope.regions)}
            group by d.day`,
      );
      return result.map((row) => ({
        day: String(row.day),
        views: int(row.views),
        interestOpen: int(row.interest_open),
        interestAccepted: int(row.interest_accepted),
        interestDeclined: int(row.interest_declined),
        decidedAccepted: int(row.decided_accepted),
        decidedDeclined: int(row.decided_declined),
        chats: int(row.chats),
        messages: int(row.messages),
      }));
    },

    /** Decisions of each period per answer-time bucket (statistics_answer_days), for the median. */
    async answerBuckets(scope: StatisticsScope): Promise<{ current: AnswerBucket[]; previous: AnswerBucket[] }> {
      const result = await rows<Record<string, unknown>>(
        db,
        sql`select d.day >= ${scope.current.from}::date as current, d.bucket, sum(d.decisions) as decisions, sum(d.hours) as hours
            from statistics_answer_days d
            where d.day >= ${scope.previous.from}::date and d.day <= ${scope.current.to}::date and ${regionCondition(sql`d.region`, scope.regions)}
            group by 1, 2
            having sum(d.decisions) > 0`,
      );
      const pick = (current: boolean) =>
        result
          .filter((row) => Boolean(row.current) === current)
          .map((row) => ({ bucket: int(row.bucket), decisions: int(row.decisions), hours: Number(row.hours) }));
      return { current: pick(true), previous: pick(false) };
    },

    /**
     * Candidates in one scan of statistics_candidates (raw counts; the service suppresses):
     * registered up to the period's end, new and active in either period, and the registered ones
     * per trimmed school (none → NO_SCHOOL_LABEL, most first) and per age band (whole years on the
     * period's last day: born on or before that day minus N years).
     */
    async candidates(scope: StatisticsScope) {
      const current = sql`daterange(${scope.current.from}::date, ${scope.current.to}::date, '[]')`;
      const previous = sql`daterange(${scope.previous.from}::date, ${scope.previous.to}::date, '[]')`;
      const bands = Object.entries(CANDIDATE_AGE_BAND_FROM).sort((a, b) => b[1] - a[1]);
      const band = sql`case when c.date_of_birth is null then 'UNKNOWN' ${sql.join(
        bands.map(
          ([name, from]) =>
            sql`when c.date_of_birth <= (${scope.current.to}::date - make_interval(years => ${from}::int))::date then ${name}`,
        ),
        sql` `,
      )} else 'UNKNOWN' end`;
      const result = await rows<Record<string, unknown>>(
        db,
        sql`select grouping(g.school) = 0 as by_school, grouping(g.band) = 0 as by_band, g.school, g.band,
              count(*) filter (where g.registered)::int as registered,
              count(*) filter (where g.new_current)::int as new_current,
              count(*) filter (where g.new_previous)::int as new_previous,
              count(*) filter (where g.active_current)::int as active_current,
              count(*) filter (where g.active_previous)::int as active_previous
            from (
              select c.registered_at < ${dayEnd(scope.current.to)} as registered,
                c.registered_at >= ${dayStart(scope.current.from)} and c.registered_at < ${dayEnd(scope.current.to)} as new_current,
                c.registered_at >= ${dayStart(scope.previous.from)} and c.registered_at < ${dayEnd(scope.previous.to)} as new_previous,
                c.active_days && ${current} as active_current,
                c.active_days && ${previous} as active_previous,
                coalesce(nullif(trim(c.school), ''), ${NO_SCHOOL_LABEL}) as school,
                ${band} as band
              from statistics_candidates c
              where ${candidateRegionCondition(scope.regions)}
            ) g
            group by grouping sets ((), (g.school), (g.band))
            order by by_school, by_band, registered desc, g.school asc`,
      );
      const total = result.find((row) => !row.by_school && !row.by_band);
      return {
        registered: int(total?.registered),
        new: { current: int(total?.new_current), previous: int(total?.new_previous) },
        active: { current: int(total?.active_current), previous: int(total?.active_previous) },
        schools: result
          .filter((row) => Boolean(row.by_school) && int(row.registered) > 0)
          .map((row) => ({ school: String(row.school), candidates: int(row.registered) })),
        ageBands: new Map(
          result.filter((row) => Boolean(row.by_band)).map((row) => [String(row.band), int(row.registered)]),
        ),
      };
    },

    /**
     * Interest (matchings created) in the current period per stored occupation name ('' = none),
     * all of them: the service groups the names by the official list (issue #48) before it ranks.
     */
    async occupationInterest(scope: StatisticsScope) {
      const result = await rows<Record<string, unknown>>(
        db,
        sql`select d.occupation, sum(d.interest)::int as interest
            from statistics_occupation_days d
            where d.day >= ${scope.current.from}::date and d.day <= ${scope.current.to}::date and ${regionCondition(sql`d.region`, scope.regions)}
            group by 1
            having sum(d.interest) > 0`,
      );
      return result.map((row) => ({ occupation: String(row.occupation), interest: int(row.interest) }));
    },

    /**
     * Every organisation in scope with its figures, sorted on the server over all of them (nulls
     * last, ties by name and id). Views, interest and decisions come from
     * statistics_organization_days, the last decision and message from statistics_organizations;
     * each figure is one grouped aggregate joined by organisation id.
     */
    async organizationTable(
      params: OrganizationTableParams,
    ): Promise<{ items: StatisticsOrganizationRow[]; total: number }> {
      const { period } = params;
      const overdueBefore = new Date(params.now.getTime() - OVERDUE_MATCHING_DAYS * 24 * 60 * 60 * 1000).toISOString();
      const conditions: SQL[] = [regionCondition(sql`o.region`, params.regions)];
      // German spellings (ADR 0117): each form of the term in the folded search text of the name.
      const terms = params.search ? germanSearchTerms(params.search) : [];
      if (terms.length > 0)
        conditions.push(
          sql`(${sql.join(
            terms.map((term) => sql`o.name_search like ${`%${escapeLike(term)}%`}`),
            sql` or `,
          )})`,
        );
      const where = sql.join(conditions, sql` and `);
      // Each aggregate joins the organisations of the region itself: an `in (select … from scoped)`
      // was estimated at 200 rows and planned as nested loops over 10,000 × 5,000 rows (60 s).
      const inRegion = (organizationId: SQL) =>
        params.regions === null
          ? sql``
          : sql`join organizations so on so.id = ${organizationId} and ${regionCondition(sql`so.region`, params.regions)}`;
      const direction = params.order === 'desc' ? sql.raw('desc') : sql.raw('asc');
      const column = sql.raw(ORGANIZATION_SORT_COLUMNS[params.sort]);
      const orderBy =
        params.sort === 'name'
          ? sql`name_sort collate "C" ${direction}, id ${direction}`
          : sql`${column} ${direction} nulls last, name_sort collate "C" asc, id asc`;
      const paging = params.page ? sql`limit ${params.page.limit} offset ${params.page.offset}` : sql``;
      const result = await rows<Record<string, unknown>>(
        db,
        sql`with scoped as (select o.id, o.name, o.name_sort, o.region, o.active from organizations o where ${where}),
            postings as (
              select v.organization_id, count(*) filter (where v.active) as active_postings, max(v.updated_at) as last_change
              from vacancies v ${inRegion(sql`v.organization_id`)} group by 1
            ),
            activity as (
              select d.organization_id, sum(d.views) as views, sum(d.interest) as interest, sum(d.interest_decided) as decided
              from statistics_organization_days d ${inRegion(sql`d.organization_id`)}
              where d.day >= ${period.from}::date and d.day <= ${period.to}::date
              group by 1
            ),
            overdue as (
              select v.organization_id, count(*) as open_overdue
              from matchings m join vacancies v on v.id = m.vacancy_id ${inRegion(sql`v.organization_id`)}
              where m.state = 'OPEN' and m.created_at < ${overdueBefore}::timestamptz
              group by 1
            ),
            sign_ins as (
              select u.organization_id, max(u.last_sign_in_at) as last_sign_in
              from users u ${inRegion(sql`u.organization_id`)} group by 1
            ),
            figures as (
              select s.id, s.name, s.name_sort, s.region, s.active,
                coalesce(p.active_postings, 0)::int as active_postings,
                coalesce(a.views, 0)::int as views,
                coalesce(a.interest, 0)::int as interest,
                coalesce(od.open_overdue, 0)::int as open_overdue,
                case when a.interest > 0 then (a.decided::float8 / a.interest) end as response_rate,
                greatest(si.last_sign_in, lo.last_decision_at, lo.last_message_at, p.last_change) as last_activity_at
              from scoped s
              left join postings p on p.organization_id = s.id
              left join activity a on a.organization_id = s.id
              left join overdue od on od.organization_id = s.id
              left join sign_ins si on si.organization_id = s.id
              left join statistics_organizations lo on lo.organization_id = s.id
            )
            select id::text, name, region, active, active_postings, views, interest, open_overdue, response_rate,
              to_char(last_activity_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_activity_at,
              count(*) over ()::int as total
            from figures
            order by ${orderBy}
            ${paging}`,
      );
      let total = int(result[0]?.total);
      if (result.length === 0 && params.page && params.page.offset > 0) {
        const [counted] = await rows<Record<string, unknown>>(
          db,
          sql`select count(*)::int as total from organizations o where ${where}`,
        );
        total = int(counted?.total);
      }
      return {
        total,
        items: result.map((row) => ({
          id: String(row.id),
          name: String(row.name),
          region: row.region as Region,
          active: Boolean(row.active),
          activePostings: int(row.active_postings),
          views: int(row.views),
          interest: int(row.interest),
          openOverdue: int(row.open_overdue),
          responseRate: nullableNumber(row.response_rate),
          lastActivityAt: (row.last_activity_at as string | null) ?? null,
        })),
      };
    },
  };
}

export type StatisticsRepository = ReturnType<typeof createStatisticsRepository>;
