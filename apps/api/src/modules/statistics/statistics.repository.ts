/**
 * The statistics' SQL (issue #11, ADR 0024): every figure is computed live over the real tables,
 * one aggregate query per group of figures, each scanning the current and the comparison period
 * at once (FILTER clauses). Periods are Berlin calendar days; see docs/statistics.md.
 */
import { CANDIDATE_AGE_BAND_FROM, NO_SCHOOL_LABEL, OVERDUE_MATCHING_DAYS, type PostingType, type Region, type StatisticsOrganizationRow, type StatisticsOrganizationSort } from '@matchwerk/shared';
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

export interface ComparedRow {
  current: number;
  previous: number;
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

/**
 * Joins the organisation of `organizationId` only when a region filter needs it: for all
 * regions every row counts, and skipping the join saves hashing 50,000 postings and 10,000
 * organisations per query (every posting and chat has an organisation: NOT NULL, FK).
 */
function organizationInScope(organizationId: SQL, regions: readonly Region[] | null): SQL {
  if (regions === null) return sql``;
  return sql`join organizations o on o.id = ${organizationId} and ${regionCondition(sql`o.region`, regions)}`;
}

/** Candidates in scope: by the profile's region; with all regions, every candidate (also those without a region). */
function candidateRegionCondition(regions: readonly Region[] | null): SQL {
  return regions === null ? sql`true` : regionCondition(sql`p.region`, regions);
}

const int = (value: unknown): number => Number(value ?? 0);
const nullableNumber = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

async function rows<Row>(db: Database, query: SQL): Promise<Row[]> {
  // Both drivers (node-postgres, PGlite) answer raw SQL with `{ rows }`; the shared handle type cannot say so.
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

export interface WeekRow {
  week: string;
  views: number;
  interest: number;
  decided: number;
  accepted: number;
}

export interface MatchingFigures {
  interest: ComparedRow;
  open: ComparedRow;
  accepted: ComparedRow;
  declined: ComparedRow;
  decidedAccepted: ComparedRow;
  decidedDeclined: ComparedRow;
  medianAnswerHours: { current: number | null; previous: number | null };
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
      return result.map((row) => ({ type: row.type as PostingType, active: int(row.active), newCurrent: int(row.new_current), newPrevious: int(row.new_previous) }));
    },

    /** Candidates registered up to the period's end and in either period (raw counts; the service suppresses). */
    async candidates(scope: StatisticsScope) {
      const [row] = await rows<Record<string, unknown>>(
        db,
        sql`select
              count(*) filter (where u.created_at < ${dayEnd(scope.current.to)})::int as registered,
              count(*) filter (where u.created_at >= ${dayStart(scope.current.from)} and u.created_at < ${dayEnd(scope.current.to)})::int as new_current,
              count(*) filter (where u.created_at >= ${dayStart(scope.previous.from)} and u.created_at < ${dayEnd(scope.previous.to)})::int as new_previous
            from users u
            left join applicant_profiles p on p.user_id = u.id
            where u.type = 'APPLICANT' and u.created_at < ${dayEnd(scope.current.to)} and ${candidateRegionCondition(scope.regions)}`,
      );
      return { registered: int(row?.registered), new: { current: int(row?.new_current), previous: int(row?.new_previous) } };
    },

    /** Distinct candidates who viewed a posting, showed interest or wrote a message, per period. */
    async activeCandidates(scope: StatisticsScope) {
      const start = dayStart(scope.previous.from);
      const split = dayStart(scope.current.from);
      const end = dayEnd(scope.current.to);
      const [row] = await rows<Record<string, unknown>>(
        db,
        // union all + one hash aggregate per candidate: `union` and count(distinct) each sorted
        // the ~1.8 million activity rows of two seasons (8 s on the bench).
        sql`with activity as (
              select vv.applicant_id, vv.day >= ${scope.current.from}::date as current
                from vacancy_views vv
                where vv.day >= ${scope.previous.from}::date and vv.day <= ${scope.current.to}::date
              union all
              select m.applicant_id, m.created_at >= ${split} as current
                from matchings m
                where m.created_at >= ${start} and m.created_at < ${end}
              union all
              select c.applicant_id, msg.created_at >= ${split} as current
                from messages msg
                join chats c on c.id = msg.chat_id
                where msg.sender = 'APPLICANT' and msg.created_at >= ${start} and msg.created_at < ${end}
            ),
            per_candidate as (
              select a.applicant_id, bool_or(a.current) as in_current, bool_or(not a.current) as in_previous
              from activity a
              group by a.applicant_id
            )
            select count(*) filter (where pc.in_current)::int as active_current,
                   count(*) filter (where pc.in_previous)::int as active_previous
            from per_candidate pc
            left join applicant_profiles p on p.user_id = pc.applicant_id
            where ${candidateRegionCondition(scope.regions)}`,
      );
      return { current: int(row?.active_current), previous: int(row?.active_previous) };
    },

    /** Views of postings of organisations in scope: per ISO week of the current period, and the comparison total. */
    async views(scope: StatisticsScope) {
      const result = await rows<Record<string, unknown>>(
        db,
        sql`select case when vv.day >= ${scope.current.from}::date then to_char(date_trunc('week', vv.day), 'YYYY-MM-DD') end as week,
                   count(*)::int as views
            from vacancy_views vv
            ${scope.regions === null ? sql`` : sql`join vacancies v on v.id = vv.vacancy_id ${organizationInScope(sql`v.organization_id`, scope.regions)}`}
            where vv.day >= ${scope.previous.from}::date and vv.day <= ${scope.current.to}::date
            group by 1`,
      );
      const weeks = new Map<string, number>();
      let current = 0;
      let previous = 0;
      for (const row of result) {
        if (typeof row.week !== 'string') previous += int(row.views);
        else {
          weeks.set(row.week, int(row.views));
          current += int(row.views);
        }
      }
      return { current, previous, weeks };
    },

    /** Matchings of postings in scope: created in each period by today's state, decisions made in each period. */
    async matchings(scope: StatisticsScope): Promise<MatchingFigures> {
      const cur = sql`m.created_at >= ${dayStart(scope.current.from)} and m.created_at < ${dayEnd(scope.current.to)}`;
      const prev = sql`m.created_at >= ${dayStart(scope.previous.from)} and m.created_at < ${dayEnd(scope.previous.to)}`;
      const decidedCur = sql`m.state <> 'OPEN' and m.decided_at >= ${dayStart(scope.current.from)} and m.decided_at < ${dayEnd(scope.current.to)}`;
      const decidedPrev = sql`m.state <> 'OPEN' and m.decided_at >= ${dayStart(scope.previous.from)} and m.decided_at < ${dayEnd(scope.previous.to)}`;
      const hours = sql`extract(epoch from (m.decided_at - m.created_at)) / 3600.0`;
      const matchingScope = scope.regions === null ? sql`` : sql`join vacancies v on v.id = m.vacancy_id ${organizationInScope(sql`v.organization_id`, scope.regions)}`;
      const start = dayStart(scope.previous.from);
      const end = dayEnd(scope.current.to);
      const [row] = await rows<Record<string, unknown>>(
        db,
        sql`select
              count(*) filter (where ${cur})::int as interest_current,
              count(*) filter (where ${prev})::int as interest_previous,
              count(*) filter (where ${cur} and m.state = 'OPEN')::int as open_current,
              count(*) filter (where ${prev} and m.state = 'OPEN')::int as open_previous,
              count(*) filter (where ${cur} and m.state = 'ACCEPTED')::int as accepted_current,
              count(*) filter (where ${prev} and m.state = 'ACCEPTED')::int as accepted_previous,
              count(*) filter (where ${cur} and m.state = 'REJECTED')::int as declined_current,
              count(*) filter (where ${prev} and m.state = 'REJECTED')::int as declined_previous,
              count(*) filter (where ${decidedCur} and m.state = 'ACCEPTED')::int as decided_accepted_current,
              count(*) filter (where ${decidedPrev} and m.state = 'ACCEPTED')::int as decided_accepted_previous,
              count(*) filter (where ${decidedCur} and m.state = 'REJECTED')::int as decided_declined_current,
              count(*) filter (where ${decidedPrev} and m.state = 'REJECTED')::int as decided_declined_previous,
              (percentile_cont(0.5) within group (order by ${hours}) filter (where ${decidedCur}))::float8 as median_current,
              (percentile_cont(0.5) within group (order by ${hours}) filter (where ${decidedPrev}))::float8 as median_previous
            from matchings m
            ${matchingScope}
            where ((m.created_at >= ${start} and m.created_at < ${end}) or (m.decided_at >= ${start} and m.decided_at < ${end}))`,
      );
      const pair = (name: string): ComparedRow => ({ current: int(row?.[`${name}_current`]), previous: int(row?.[`${name}_previous`]) });
      return {
        interest: pair('interest'),
        open: pair('open'),
        accepted: pair('accepted'),
        declined: pair('declined'),
        decidedAccepted: pair('decided_accepted'),
        decidedDeclined: pair('decided_declined'),
        medianAnswerHours: { current: nullableNumber(row?.median_current), previous: nullableNumber(row?.median_previous) },
      };
    },

    /** Per ISO week (Monday, Berlin) of the current period: matchings created, decided and accepted. */
    async matchingWeeks(scope: StatisticsScope) {
      const start = dayStart(scope.current.from);
      const end = dayEnd(scope.current.to);
      const matchingScope = scope.regions === null ? sql`` : sql`join vacancies v on v.id = m.vacancy_id ${organizationInScope(sql`v.organization_id`, scope.regions)}`;
      const berlinWeek = (column: SQL) => sql`to_char(date_trunc('week', ${column} at time zone 'Europe/Berlin'), 'YYYY-MM-DD')`;
      const result = await rows<Record<string, unknown>>(
        db,
        sql`select week, sum(interest)::int as interest, sum(decided)::int as decided, sum(accepted)::int as accepted from (
              select ${berlinWeek(sql`m.created_at`)} as week, count(*) as interest, 0 as decided, 0 as accepted
                from matchings m
                ${matchingScope}
                where m.created_at >= ${start} and m.created_at < ${end}
                group by 1
              union all
              select ${berlinWeek(sql`m.decided_at`)} as week, 0, count(*), count(*) filter (where m.state = 'ACCEPTED')
                from matchings m
                ${matchingScope}
                where m.state <> 'OPEN' and m.decided_at >= ${start} and m.decided_at < ${end}
                group by 1
            ) weeks
            group by week`,
      );
      return new Map(result.map((row) => [String(row.week), { interest: int(row.interest), decided: int(row.decided), accepted: int(row.accepted) }]));
    },

    async chatsAndMessages(scope: StatisticsScope) {
      const start = dayStart(scope.previous.from);
      const split = dayStart(scope.current.from);
      const end = dayEnd(scope.current.to);
      const [chatsRow, messagesRow] = await Promise.all([
        rows<Record<string, unknown>>(
          db,
          sql`select count(*) filter (where c.created_at >= ${split})::int as current, count(*) filter (where c.created_at < ${split})::int as previous
              from chats c
              ${organizationInScope(sql`c.organization_id`, scope.regions)}
              where c.created_at >= ${start} and c.created_at < ${end}`,
        ),
        rows<Record<string, unknown>>(
          db,
          sql`select count(*) filter (where msg.created_at >= ${split})::int as current, count(*) filter (where msg.created_at < ${split})::int as previous
              from messages msg
              ${scope.regions === null ? sql`` : sql`join chats c on c.id = msg.chat_id ${organizationInScope(sql`c.organization_id`, scope.regions)}`}
              where msg.created_at >= ${start} and msg.created_at < ${end}`,
        ),
      ]);
      return {
        chatsStarted: { current: int(chatsRow[0]?.current), previous: int(chatsRow[0]?.previous) },
        messages: { current: int(messagesRow[0]?.current), previous: int(messagesRow[0]?.previous) },
      };
    },

    /** Occupations (or the posting title) by distinct candidates with a matching created in the period, most first. */
    async topOccupations(scope: StatisticsScope, limit: number) {
      const result = await rows<Record<string, unknown>>(
        db,
        sql`select coalesce(nullif(trim(v.training_occupation_name), ''), trim(v.title)) as occupation, count(distinct m.applicant_id)::int as candidates
            from matchings m
            join vacancies v on v.id = m.vacancy_id
            ${organizationInScope(sql`v.organization_id`, scope.regions)}
            where m.created_at >= ${dayStart(scope.current.from)} and m.created_at < ${dayEnd(scope.current.to)}
            group by 1
            order by 2 desc, 1 asc
            limit ${limit}`,
      );
      return result.map((row) => ({ occupation: String(row.occupation), candidates: int(row.candidates) }));
    },

    /** Candidates registered up to the period's end, per trimmed school (none → NO_SCHOOL_LABEL), most first. */
    async candidatesBySchool(scope: StatisticsScope) {
      const result = await rows<Record<string, unknown>>(
        db,
        sql`select coalesce(nullif(trim(p.school), ''), ${NO_SCHOOL_LABEL}) as school, count(*)::int as candidates
            from users u
            left join applicant_profiles p on p.user_id = u.id
            where u.type = 'APPLICANT' and u.created_at < ${dayEnd(scope.current.to)} and ${candidateRegionCondition(scope.regions)}
            group by 1
            order by 2 desc, 1 asc`,
      );
      return result.map((row) => ({ school: String(row.school), candidates: int(row.candidates) }));
    },

    /** Candidates registered up to the period's end by age band (age in whole years on the period's last day). */
    async candidatesByAgeBand(scope: StatisticsScope) {
      const age = sql`date_part('year', age(${scope.current.to}::date, p.date_of_birth))`;
      const bands = Object.entries(CANDIDATE_AGE_BAND_FROM).sort((a, b) => b[1] - a[1]);
      const band = sql`case when p.date_of_birth is null then 'UNKNOWN' ${sql.join(
        bands.map(([name, from]) => sql`when ${age} >= ${from} then ${name}`),
        sql` `,
      )} else 'UNKNOWN' end`;
      const result = await rows<Record<string, unknown>>(
        db,
        sql`select ${band} as band, count(*)::int as candidates
            from users u
            left join applicant_profiles p on p.user_id = u.id
            where u.type = 'APPLICANT' and u.created_at < ${dayEnd(scope.current.to)} and ${candidateRegionCondition(scope.regions)}
            group by 1`,
      );
      return new Map(result.map((row) => [String(row.band), int(row.candidates)]));
    },

    /**
     * Every organisation in scope with its figures, sorted on the server over all of them (nulls
     * last, ties by name and id). Each figure is one grouped aggregate joined by organisation id.
     */
    async organizationTable(params: OrganizationTableParams): Promise<{ items: StatisticsOrganizationRow[]; total: number }> {
      const { period } = params;
      const overdueBefore = new Date(params.now.getTime() - OVERDUE_MATCHING_DAYS * 24 * 60 * 60 * 1000).toISOString();
      const conditions: SQL[] = [regionCondition(sql`o.region`, params.regions)];
      if (params.search) conditions.push(sql`o.name ilike ${`%${escapeLike(params.search)}%`}`);
      const where = sql.join(conditions, sql` and `);
      // Each aggregate joins the organisations of the region itself: an `in (select … from scoped)`
      // was estimated at 200 rows and planned as nested loops over 10,000 × 5,000 rows (60 s).
      const inRegion = (organizationId: SQL) =>
        params.regions === null ? sql`` : sql`join organizations so on so.id = ${organizationId} and ${regionCondition(sql`so.region`, params.regions)}`;
      const direction = params.order === 'desc' ? sql.raw('desc') : sql.raw('asc');
      const column = sql.raw(ORGANIZATION_SORT_COLUMNS[params.sort]);
      const orderBy = params.sort === 'name' ? sql`name ${direction}, id ${direction}` : sql`${column} ${direction} nulls last, name asc, id asc`;
      const paging = params.page ? sql`limit ${params.page.limit} offset ${params.page.offset}` : sql``;
      const result = await rows<Record<string, unknown>>(
        db,
        sql`with scoped as (select o.id, o.name, o.region, o.active from organizations o where ${where}),
            postings as (
              select v.organization_id, count(*) filter (where v.active) as active_postings, max(v.updated_at) as last_change
              from vacancies v ${inRegion(sql`v.organization_id`)} group by 1
            ),
            views as (
              select v.organization_id, count(*) as views
              from vacancy_views vv join vacancies v on v.id = vv.vacancy_id ${inRegion(sql`v.organization_id`)}
              where vv.day >= ${period.from}::date and vv.day <= ${period.to}::date
              group by 1
            ),
            received as (
              select v.organization_id, count(*) as interest, count(*) filter (where m.state <> 'OPEN') as decided
              from matchings m join vacancies v on v.id = m.vacancy_id ${inRegion(sql`v.organization_id`)}
              where m.created_at >= ${dayStart(period.from)} and m.created_at < ${dayEnd(period.to)}
              group by 1
            ),
            overdue as (
              select v.organization_id, count(*) as open_overdue
              from matchings m join vacancies v on v.id = m.vacancy_id ${inRegion(sql`v.organization_id`)}
              where m.state = 'OPEN' and m.created_at < ${overdueBefore}::timestamptz
              group by 1
            ),
            decisions as (
              select v.organization_id, max(m.decided_at) as last_decision
              from matchings m join vacancies v on v.id = m.vacancy_id ${inRegion(sql`v.organization_id`)}
              where m.decided_at is not null
              group by 1
            ),
            sign_ins as (
              select u.organization_id, max(u.last_sign_in_at) as last_sign_in
              from users u ${inRegion(sql`u.organization_id`)} group by 1
            ),
            written as (
              select c.organization_id, max(msg.created_at) as last_message
              from messages msg join chats c on c.id = msg.chat_id ${inRegion(sql`c.organization_id`)}
              where msg.sender = 'ORGANIZATION'
              group by 1
            ),
            figures as (
              select s.id, s.name, s.region, s.active,
                coalesce(p.active_postings, 0)::int as active_postings,
                coalesce(vw.views, 0)::int as views,
                coalesce(r.interest, 0)::int as interest,
                coalesce(od.open_overdue, 0)::int as open_overdue,
                case when r.interest > 0 then (r.decided::float8 / r.interest) end as response_rate,
                greatest(si.last_sign_in, d.last_decision, w.last_message, p.last_change) as last_activity_at
              from scoped s
              left join postings p on p.organization_id = s.id
              left join views vw on vw.organization_id = s.id
              left join received r on r.organization_id = s.id
              left join overdue od on od.organization_id = s.id
              left join decisions d on d.organization_id = s.id
              left join sign_ins si on si.organization_id = s.id
              left join written w on w.organization_id = s.id
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
        const [counted] = await rows<Record<string, unknown>>(db, sql`select count(*)::int as total from organizations o where ${where}`);
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
