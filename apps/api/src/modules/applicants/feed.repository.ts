/**
 * The candidate's feed (issue 46 item 4, ADR 0100): postings candidates may see, filtered, keyset-paged
 * over one index per order, each with the candidate's own state (matching, dismissal) read through
 * the matchings' unique key and the dismissals' primary key.
 */
import type { FeedSort, MatchingState, PostingType } from '@matchwerk/shared';
import { and, eq, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { withinRadius } from '../../db/posting-distance';
import type { Database } from '../../db/client';
import { applicantDismissals } from '../../db/schema/candidate-feed';
import { contactEnds } from '../../db/schema/safeguarding';
import { applicantProfiles, matchings } from '../../db/schema/marketplace';
import { organizations } from '../../db/schema/organizations';
import { photos, vacancies } from '../../db/schema/vacancies';
import { visibleToCandidates } from '../vacancies';

export interface FeedParams {
  applicantId: string;
  types?: PostingType[] | undefined;
  occupations?: string[] | undefined;
  /** With occupations: postings without an occupation (holiday jobs, …) pass too. */
  occupationsIncludeNone?: boolean | undefined;
  startFrom?: string | undefined;
  startTo?: string | undefined;
  near?: { lat: number; lng: number; radiusKm: number } | undefined;
  sort: FeedSort;
  includeActedOn: boolean;
  /** Extra condition on the posting (the minimum-age rule), or undefined. */
  postingCondition?: SQL | undefined;
  /** Sort key (PostgreSQL text) and id of the previous page's last row. */
  after?: { key: string; id: string } | undefined;
  limit: number;
}

export interface FeedRow {
  id: string;
  title: string;
  type: PostingType;
  trainingOccupationName: string | null;
  organizationId: string;
  organizationName: string;
  organizationRegion: string;
  city: string;
  zipCode: string;
  start: string | null;
  descriptionExcerpt: string;
  image: string | null;
  distanceKm: number | null;
  createdAt: Date;
  matchingState: MatchingState | null;
  dismissed: boolean;
  sortKey: string;
}

interface SortKey {
  key: SQL;
  text: SQL<string>;
  cast: (value: string) => SQL;
  descending: boolean;
}

/** The order's key (the id comes second) and its exact text form for the cursor; matches vacancies_feed_*_idx. */
function sortKeyOf(sort: FeedSort, distance: SQL<number> | null): SortKey {
  switch (sort) {
    case 'newest':
      // UTC text with microseconds: the cursor holds the exact stored value (a JS date keeps milliseconds).
      return {
        key: sql`${vacancies.createdAt}`,
        text: sql<string>`(${vacancies.createdAt} at time zone 'UTC')::text`,
        cast: (value) => sql`(${value}::timestamp at time zone 'UTC')`,
        descending: true,
      };
    case 'start':
      return {
        key: sql`coalesce(${vacancies.start}, 'infinity'::date)`,
        text: sql<string>`coalesce(${vacancies.start}, 'infinity'::date)::text`,
        cast: (value) => sql`${value}::date`,
        descending: false,
      };
    case 'nearest':
      if (!distance) throw new Error('nearest without a centre');
      // float8 text is the shortest exact form, so the next page starts right after this row.
      return {
        key: distance,
        text: sql<string>`(${distance})::text`,
        cast: (value) => sql`${value}::double precision`,
        descending: false,
      };
  }
}

/** A cursor's key value as the sort's PostgreSQL type accepts it (checked before it reaches SQL). */
export function isValidSortKey(sort: FeedSort, value: string): boolean {
  switch (sort) {
    case 'newest':
      return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?$/.test(value) && !Number.isNaN(Date.parse(`${value}Z`));
    case 'start':
      return value === 'infinity' || (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)));
    case 'nearest':
      return /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(value) && Number.isFinite(Number(value));
  }
}

export function createFeedRepository(db: Database) {
  const firstPhoto = sql<
    string | null
  >`(select ${photos.id}::text from ${photos} where ${photos.vacancyId} = ${vacancies.id} order by ${photos.position}, ${photos.createdAt} limit 1)`;

  return {
    /** One page (limit + 1 rows read, so the caller knows whether there is a next one). */
    async page(params: FeedParams): Promise<FeedRow[]> {
      const conditions: SQL[] = [visibleToCandidates()];
      if (params.types?.length) conditions.push(inArray(vacancies.type, params.types));
      if (params.occupations?.length) {
        const listed = inArray(vacancies.trainingOccupationName, params.occupations);
        conditions.push(params.occupationsIncludeNone ? or(listed, isNull(vacancies.trainingOccupationName))! : listed);
      }
      if (params.startFrom || params.startTo) conditions.push(isNotNull(vacancies.start));
      if (params.startFrom) conditions.push(gte(vacancies.start, params.startFrom));
      if (params.startTo) conditions.push(lte(vacancies.start, params.startTo));
      if (params.postingCondition) conditions.push(params.postingCondition);
      // Companies the candidate ended contact with stay out, whatever else is asked (ADR 0101).
      conditions.push(
        sql`not exists (select 1 from ${contactEnds} where ${contactEnds.applicantId} = ${params.applicantId} and ${contactEnds.organizationId} = ${vacancies.organizationId})`,
      );
      let distance: SQL<number> | null = null;
      if (params.near) {
        // vacancies_feed_place_idx reads the box's latitude band.
        const within = withinRadius(params.near);
        conditions.push(...within.conditions);
        distance = within.distance;
      }
      if (!params.includeActedOn) {
        // Anti-joins through matchings_vacancy_applicant_unique and the dismissals' primary key.
        conditions.push(
          sql`not exists (select 1 from ${matchings} where ${matchings.vacancyId} = ${vacancies.id} and ${matchings.applicantId} = ${params.applicantId})`,
          sql`not exists (select 1 from ${applicantDismissals} where ${applicantDismissals.applicantId} = ${params.applicantId} and ${applicantDismissals.vacancyId} = ${vacancies.id})`,
        );
      }
      const key = sortKeyOf(params.sort, distance);
      if (params.after) {
        const { key: value, id } = params.after;
        conditions.push(
          key.descending
            ? sql`(${key.key}, ${vacancies.id}) < (${key.cast(value)}, ${id}::uuid)`
            : sql`(${key.key}, ${vacancies.id}) > (${key.cast(value)}, ${id}::uuid)`,
        );
      }
      const direction = sql.raw(key.descending ? 'desc' : 'asc');
      // The candidate's own state, only for the page's rows (two index lookups per row).
      const matchingState = params.includeActedOn
        ? sql<MatchingState | null>`(select ${matchings.state} from ${matchings} where ${matchings.vacancyId} = ${vacancies.id} and ${matchings.applicantId} = ${params.applicantId})`
        : sql<MatchingState | null>`null::text`;
      const dismissed = params.includeActedOn
        ? sql<boolean>`exists (select 1 from ${applicantDismissals} where ${applicantDismissals.applicantId} = ${params.applicantId} and ${applicantDismissals.vacancyId} = ${vacancies.id})`
        : sql<boolean>`false`;
      const rows = await db
        .select({
          id: vacancies.id,
          title: vacancies.title,
          type: vacancies.type,
          trainingOccupationName: vacancies.trainingOccupationName,
          organizationId: organizations.id,
          organizationName: organizations.name,
          organizationRegion: organizations.region,
          city: vacancies.city,
          zipCode: vacancies.zipCode,
          start: vacancies.start,
          descriptionExcerpt: vacancies.descriptionExcerpt,
          image: firstPhoto,
          distanceKm: distance ?? sql<number | null>`null::double precision`,
          createdAt: vacancies.createdAt,
          matchingState,
          dismissed,
          sortKey: key.text,
        })
        .from(vacancies)
        .innerJoin(organizations, eq(organizations.id, vacancies.organizationId))
        .where(and(...conditions))
        .orderBy(sql`${key.key} ${direction}`, sql`${vacancies.id} ${direction}`)
        .limit(params.limit + 1);
      return rows.map((row) => ({
        ...row,
        distanceKm: row.distanceKm === null ? null : Number(row.distanceKm),
        dismissed: Boolean(row.dismissed),
      }));
    },

    /** The candidate's state per posting (for the other candidate lists and the detail). */
    async statesOf(
      applicantId: string,
      vacancyIds: string[],
    ): Promise<Map<string, { matchingState: MatchingState | null; dismissed: boolean }>> {
      const result = new Map<string, { matchingState: MatchingState | null; dismissed: boolean }>();
      if (vacancyIds.length === 0) return result;
      const [matched, dismissedRows] = await Promise.all([
        db
          .select({ vacancyId: matchings.vacancyId, state: matchings.state })
          .from(matchings)
          .where(and(eq(matchings.applicantId, applicantId), inArray(matchings.vacancyId, vacancyIds))),
        db
          .select({ vacancyId: applicantDismissals.vacancyId })
          .from(applicantDismissals)
          .where(
            and(eq(applicantDismissals.applicantId, applicantId), inArray(applicantDismissals.vacancyId, vacancyIds)),
          ),
      ]);
      for (const id of vacancyIds) result.set(id, { matchingState: null, dismissed: false });
      for (const row of matched) result.get(row.vacancyId)!.matchingState = row.state;
      for (const row of dismissedRows) result.get(row.vacancyId)!.dismissed = true;
      return result;
    },

    /** Records "nicht interessiert" (idempotent); returns when it was recorded first. */
    async dismiss(applicantId: string, vacancyId: string, now: Date): Promise<Date> {
      await db.insert(applicantDismissals).values({ applicantId, vacancyId, createdAt: now }).onConflictDoNothing();
      const [row] = await db
        .select({ createdAt: applicantDismissals.createdAt })
        .from(applicantDismissals)
        .where(and(eq(applicantDismissals.applicantId, applicantId), eq(applicantDismissals.vacancyId, vacancyId)));
      return row?.createdAt ?? now;
    },

    /** Undoes a dismissal; false when there was none. */
    async undismiss(applicantId: string, vacancyId: string): Promise<boolean> {
      const removed = await db
        .delete(applicantDismissals)
        .where(and(eq(applicantDismissals.applicantId, applicantId), eq(applicantDismissals.vacancyId, vacancyId)))
        .returning({ vacancyId: applicantDismissals.vacancyId });
      return removed.length > 0;
    },

    /** The profile's feed defaults: home postcode, wanted types and fields. */
    async preferencesOf(applicantId: string): Promise<{
      zipCode: string | null;
      wantedTypes: PostingType[];
      wantedFields: string[];
      dateOfBirth: string | null;
    }> {
      const [row] = await db
        .select({
          zipCode: applicantProfiles.zipCode,
          wantedTypes: applicantProfiles.wantedTypes,
          wantedFields: applicantProfiles.wantedFields,
          dateOfBirth: applicantProfiles.dateOfBirth,
        })
        .from(applicantProfiles)
        .where(eq(applicantProfiles.userId, applicantId))
        .limit(1);
      return {
        zipCode: row?.zipCode ?? null,
        wantedTypes: row?.wantedTypes ?? [],
        wantedFields: row?.wantedFields ?? [],
        dateOfBirth: row?.dateOfBirth ?? null,
      };
    },
  };
}

export type FeedRepository = ReturnType<typeof createFeedRepository>;
