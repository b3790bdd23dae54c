/**
 * Queries of the student statistics: raw counts over the candidates (APPLICANT users) whose
 * profile region is in scope. Suppression and shaping happen in the mapper, never here.
 */
import { POSTING_TYPES, STATISTICS_TIME_ZONE, type PostingType, type Region } from '@matchwerk/shared';
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { applicantProfiles } from '../../db/schema/marketplace';
import { users } from '../../db/schema/users';

export interface StudentStatisticsScope {
  regions: Region[];
  /** First and last calendar day of the period (Berlin), both included. */
  from: string;
  to: string;
}

export interface StudentStatisticsCounts {
  registered: number;
  registeredInPeriod: number;
  active: number;
  matched: number;
  withChat: number;
  byInterest: Record<PostingType, number>;
  /** Trimmed school name or null (none given), with its candidates. */
  bySchool: { school: string | null; candidates: number }[];
  /** Age in whole years at the period's last day, or null (no date of birth). */
  byAge: { age: number | null; candidates: number }[];
  /** 'YYYY-MM' (Berlin) of registrations within the period. */
  byMonth: { month: string; candidates: number }[];
}

export function createStudentStatisticsRepository(db: Database) {
  return {
    async countCandidates(scope: StudentStatisticsScope): Promise<StudentStatisticsCounts> {
      // Berlin midnight of the first day and of the day after the last day.
      const start: SQL = sql`(${scope.from}::date::timestamp at time zone ${STATISTICS_TIME_ZONE})`;
      const end: SQL = sql`((${scope.to}::date + 1)::timestamp at time zone ${STATISTICS_TIME_ZONE})`;
      const candidates = db
        // Aliased names: drizzle writes them unqualified into the correlated subqueries below,
        // where a plain "id" or "created_at" would bind to the inner table's own column.
        .select({
          id: sql<string>`${users.id}`.as('candidate_id'),
          createdAt: sql<Date>`${users.createdAt}`.as('registered_at'),
          school: applicantProfiles.school,
          dateOfBirth: applicantProfiles.dateOfBirth,
          interests: applicantProfiles.interests,
        })
        .from(users)
        .innerJoin(applicantProfiles, eq(applicantProfiles.userId, users.id))
        .where(
          and(
            eq(users.type, 'APPLICANT'),
            inArray(applicantProfiles.region, scope.regions),
            sql`${users.createdAt} < ${end}`,
          ),
        )
        .as('candidates');
      const c = candidates;
      const schoolName = sql<string | null>`nullif(btrim(${c.school}), '')`;
      const age = sql<number | null>`extract(year from age(${scope.to}::date, ${c.dateOfBirth}))::int`;
      const month = sql<string>`to_char(${c.createdAt} at time zone ${STATISTICS_TIME_ZONE}, 'YYYY-MM')`;
      const interestCounts = Object.fromEntries(
        POSTING_TYPES.map((type) => [type, sql<number>`count(*) filter (where ${type} = any(${c.interests}))`]),
      ) as Record<PostingType, SQL<number>>;

      // Grouped by position: the expressions carry bound parameters, and "$1" in the select
      // list is not "the same expression" as "$6" in GROUP BY for PostgreSQL.
      const [totals, schools, ages, months] = await Promise.all([
        db
          .select({
            registered: count(),
            registeredInPeriod: sql<number>`count(*) filter (where ${c.createdAt} >= ${start})`,
            active: sql<number>`count(*) filter (where
              exists (select 1 from vacancy_views v where v.applicant_id = ${c.id} and v.day between ${scope.from}::date and ${scope.to}::date)
              or exists (select 1 from matchings m where m.applicant_id = ${c.id} and m.created_at >= ${start} and m.created_at < ${end})
              or exists (select 1 from messages msg join chats ch on ch.id = msg.chat_id
                         where ch.applicant_id = ${c.id} and msg.sender = 'APPLICANT' and msg.created_at >= ${start} and msg.created_at < ${end}))`,
            matched: sql<number>`count(*) filter (where exists (select 1 from matchings m where m.applicant_id = ${c.id} and m.state = 'ACCEPTED' and m.decided_at < ${end}))`,
            withChat: sql<number>`count(*) filter (where exists (select 1 from chats ch where ch.applicant_id = ${c.id} and ch.created_at < ${end}))`,
            ...interestCounts,
          })
          .from(c),
        db
          .select({ school: schoolName, candidates: count() })
          .from(c)
          .groupBy(sql`1`),
        db
          .select({ age, candidates: count() })
          .from(c)
          .groupBy(sql`1`),
        db
          .select({ month, candidates: count() })
          .from(c)
          .where(sql`${c.createdAt} >= ${start}`)
          .groupBy(sql`1`),
      ]);
      const row = totals[0];
      return {
        registered: Number(row?.registered ?? 0),
        registeredInPeriod: Number(row?.registeredInPeriod ?? 0),
        active: Number(row?.active ?? 0),
        matched: Number(row?.matched ?? 0),
        withChat: Number(row?.withChat ?? 0),
        byInterest: Object.fromEntries(POSTING_TYPES.map((type) => [type, Number(row?.[type] ?? 0)])) as Record<
          PostingType,
          number
        >,
        bySchool: schools.map((entry) => ({ school: entry.school, candidates: Number(entry.candidates) })),
        byAge: ages.map((entry) => ({
          age: entry.age === null ? null : Number(entry.age),
          candidates: Number(entry.candidates),
        })),
        byMonth: months.map((entry) => ({ month: entry.month, candidates: Number(entry.candidates) })),
      };
    },
  };
}

export type StudentStatisticsRepository = ReturnType<typeof createStudentStatisticsRepository>;
