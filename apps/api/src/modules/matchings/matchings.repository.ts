import type {
  CandidateStrength,
  MatchingPosting,
  MatchingSort,
  MatchingState,
  PostingType,
  Region,
} from '@matchwerk/shared';
import { RESPONSE_DEADLINE_DEFAULT_DAYS } from '@matchwerk/shared';
import { and, asc, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cursorTimeSql, FIRST_PAGE_KEY, type TimeKey } from '../../db/keyset-cursor';
import { applicantProfiles, matchings, type MatchingRow } from '../../db/schema/marketplace';
import { organizations } from '../../db/schema/organizations';
import { photos, vacancies } from '../../db/schema/vacancies';
import { contactEnds } from '../../db/schema/safeguarding';
import { responseDeadlines } from '../../db/schema/candidate-follow-up';
import { visibleToCandidates } from '../vacancies';
import type { ProfileFields } from '../applicants';
import { applicantPhotoIdsSql, openChatInTransaction } from '../messages';

export interface OrganizationMatchingRow {
  vacancyId: string;
  vacancyTitle: string;
  applicantId: string;
  state: MatchingState;
  createdAt: Date;
  decidedAt: Date | null;
  profile: ProfileFields | null;
  photoIds: string[];
  /** The candidate ended contact with the company (ADR 0101). */
  contactEnded: boolean;
  /** The candidate's note with the interest (issue 46, ADR 0100). */
  note: string | null;
}

/** The candidate ended contact with the posting's company (ADR 0101): one primary-key look-up. */
const contactEndedSql = sql<boolean>`exists (select 1 from ${contactEnds} where ${contactEnds.applicantId} = ${matchings.applicantId} and ${contactEnds.organizationId} = ${vacancies.organizationId})`;

export interface Page<Row> {
  rows: Row[];
  /** The key of the last row when more rows follow, else null. */
  next: TimeKey | null;
}

export type MatchingCounts = Record<MatchingState, number>;

export interface ApplicantMatchingRow {
  vacancyId: string;
  vacancyTitle: string;
  organization: { id: string; name: string; region: Region };
  state: MatchingState;
  createdAt: Date;
  decidedAt: Date | null;
  declineMessage: string | null;
  declinedAutomatically: boolean;
  posting: MatchingPosting;
  contactEnded: boolean;
  note: string | null;
}

/** The card columns of a candidate's matching (ADR 0101), read whatever the posting's state. */
type PostingCardColumns = {
  vacancyType: MatchingPosting['type'];
  city: string;
  zipCode: string;
  start: string | null;
  image: string | null;
  active: boolean;
};

/** Filters of the organisation's list (issue 14); none = the prepared default statement. */
export interface OrganizationListFilter {
  vacancyId?: string | undefined;
  search?: string | undefined;
  sort: MatchingSort;
}

export type DecisionResult =
  | { kind: 'NOT_FOUND' }
  | { kind: 'FOREIGN' }
  | { kind: 'CONFLICT'; state: MatchingState }
  | { kind: 'DECIDED'; organizationId: string; chat: { version: number } | null };

/** Newest first; `id` breaks ties of equal created_at so the keyset (created_at, id) is total. */
const newestFirst = [desc(matchings.createdAt), desc(matchings.id)] as const;
const beforeKey = sql`(${matchings.createdAt}, ${matchings.id}) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')}::uuid)`;
/** Oldest first (issue 14): the same index read backwards; the first page starts before every row. */
const oldestFirst = [asc(matchings.createdAt), asc(matchings.id)] as const;
export const OLDEST_FIRST_PAGE_KEY: TimeKey = { at: '-infinity', id: '00000000-0000-0000-0000-000000000000' };

/** LIKE pattern for a search text: %, _ and \ match themselves. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The candidate's first and family names as one lower-case text (trigram-indexed, migration 0015). */
const profileNameText = sql`applicant_name_text(${applicantProfiles.names}, ${applicantProfiles.familyNames})`;

/** Rows of one page (limit + 1 fetched) → the page and the key to continue after. */
function toPage<Row extends { cursorAt: string; id: string }>(rows: Row[], limit: number): Page<Row> {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return { rows: page, next: more && last ? { at: last.cursorAt, id: last.id } : null };
}

function profileOf(row: {
  profileUserId: string | null;
  names: string[] | null;
  familyNames: string[] | null;
  dateOfBirth: string | null;
  school: string | null;
  region: Region | null;
  about: string | null;
  interests: string[] | null;
  wantedTypes: PostingType[] | null;
  wantedFields: string[] | null;
  availableFrom: string | null;
  strengths: CandidateStrength[] | null;
}): ProfileFields | null {
  return row.profileUserId
    ? {
        names: row.names ?? [],
        familyNames: row.familyNames ?? [],
        dateOfBirth: row.dateOfBirth,
        school: row.school,
        region: row.region,
        about: row.about,
        interests: row.interests ?? [],
        wantedTypes: row.wantedTypes ?? [],
        wantedFields: row.wantedFields ?? [],
        availableFrom: row.availableFrom,
        strengths: row.strengths ?? [],
      }
    : null;
}

function toApplicantMatchingRow(
  row: Omit<ApplicantMatchingRow, 'organization' | 'posting'> &
    PostingCardColumns & { orgId: string; orgName: string; orgRegion: Region },
): ApplicantMatchingRow {
  const { orgId, orgName, orgRegion, vacancyType, city, zipCode, start, image, active, ...rest } = row;
  return {
    ...rest,
    organization: { id: orgId, name: orgName, region: orgRegion },
    posting: { id: row.vacancyId, title: row.vacancyTitle, type: vacancyType, city, zipCode, start, image, active },
  };
}

export function createMatchingsRepository(db: Database) {
  const matchingKey = (vacancyId: string, applicantId: string) =>
    and(eq(matchings.vacancyId, vacancyId), eq(matchings.applicantId, applicantId));

  /** What an organisation sees of a matching: posting, state, the candidate's profile and photo ids. */
  const organizationMatchingColumns = {
    vacancyId: matchings.vacancyId,
    vacancyTitle: vacancies.title,
    applicantId: matchings.applicantId,
    state: matchings.state,
    createdAt: matchings.createdAt,
    decidedAt: matchings.decidedAt,
    profileUserId: applicantProfiles.userId,
    names: applicantProfiles.names,
    familyNames: applicantProfiles.familyNames,
    dateOfBirth: applicantProfiles.dateOfBirth,
    school: applicantProfiles.school,
    region: applicantProfiles.region,
    about: applicantProfiles.about,
    interests: applicantProfiles.interests,
    wantedTypes: applicantProfiles.wantedTypes,
    wantedFields: applicantProfiles.wantedFields,
    availableFrom: applicantProfiles.availableFrom,
    strengths: applicantProfiles.strengths,
    photoIds: applicantPhotoIdsSql(matchings.applicantId),
    contactEnded: contactEndedSql,
    note: matchings.note,
  };

  /*
   * The paged reads are prepared once (planning costs several times the execution on PostgreSQL,
   * issue #12). The first page passes FIRST_PAGE_KEY, so one statement serves every page.
   *
   * Organisation page: the ids of one page come from the index (vacancy_id, state, created_at, id)
   * alone (an index-only scan per posting of the organisation, then a top-N sort of the keys);
   * profiles and photos are joined for those rows only.
   */
  const organizationPageIds = db.$with('page').as(
    db
      .select({ pageId: sql<string>`${matchings.id}`.as('page_id') })
      .from(matchings)
      .innerJoin(vacancies, eq(vacancies.id, matchings.vacancyId))
      .where(
        and(
          eq(vacancies.organizationId, sql.placeholder('organizationId')),
          eq(matchings.state, sql.placeholder('state')),
          beforeKey,
        ),
      )
      .orderBy(...newestFirst)
      .limit(sql.placeholder('limit')),
  );
  const organizationPage = db
    .with(organizationPageIds)
    .select({
      id: matchings.id,
      cursorAt: cursorTimeSql(matchings.createdAt),
      ...organizationMatchingColumns,
    })
    .from(organizationPageIds)
    .innerJoin(matchings, eq(matchings.id, organizationPageIds.pageId))
    .innerJoin(vacancies, eq(vacancies.id, matchings.vacancyId))
    .leftJoin(applicantProfiles, eq(applicantProfiles.userId, matchings.applicantId))
    .orderBy(...newestFirst)
    .prepare('matchings_organization_page');

  /** Per group, from the same index (index-only per posting): cheap enough for every page. */
  const organizationCounts = db
    .select({ state: matchings.state, count: sql<number>`count(*)::int` })
    .from(matchings)
    .innerJoin(vacancies, eq(vacancies.id, matchings.vacancyId))
    .where(eq(vacancies.organizationId, sql.placeholder('organizationId')))
    .groupBy(matchings.state)
    .prepare('matchings_organization_counts');

  /** The days after which the organisation's open matchings close automatically (its region's answer deadline, ADR 0041). */
  const organizationDeclineDays = db
    .select({
      days: sql<number>`coalesce(${responseDeadlines.declineAfterDays}, ${RESPONSE_DEADLINE_DEFAULT_DAYS})::int`,
    })
    .from(organizations)
    .leftJoin(responseDeadlines, eq(responseDeadlines.region, organizations.region))
    .where(eq(organizations.id, sql.placeholder('organizationId')))
    .prepare('matchings_organization_decline_days');

  /** What a candidate sees of a matching: posting, organisation, state. */
  const applicantMatchingColumns = {
    vacancyId: matchings.vacancyId,
    vacancyTitle: vacancies.title,
    orgId: organizations.id,
    orgName: organizations.name,
    orgRegion: organizations.region,
    state: matchings.state,
    createdAt: matchings.createdAt,
    decidedAt: matchings.decidedAt,
    declineMessage: matchings.declineMessage,
    declinedAutomatically: matchings.declinedAutomatically,
    vacancyType: vacancies.type,
    city: vacancies.city,
    zipCode: vacancies.zipCode,
    start: vacancies.start,
    image: sql<
      string | null
    >`(select ${photos.id}::text from ${photos} where ${photos.vacancyId} = ${vacancies.id} order by ${photos.position}, ${photos.createdAt} limit 1)`,
    active: sql<boolean>`coalesce(${visibleToCandidates()}, false)`,
    contactEnded: contactEndedSql,
    note: matchings.note,
  };

  /** Candidate page: index (applicant_id, created_at, id) in order, stopped after limit + 1 rows. */
  const applicantPage = db
    .select({
      id: matchings.id,
      cursorAt: cursorTimeSql(matchings.createdAt),
      ...applicantMatchingColumns,
    })
    .from(matchings)
    .innerJoin(vacancies, eq(vacancies.id, matchings.vacancyId))
    .innerJoin(organizations, eq(organizations.id, vacancies.organizationId))
    .where(and(eq(matchings.applicantId, sql.placeholder('applicantId')), beforeKey))
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .prepare('matchings_applicant_page');

  /** The filter conditions beside the organisation (posting, name search). */
  function filterConditions(filter: OrganizationListFilter): SQL[] {
    const conditions: SQL[] = [];
    if (filter.vacancyId) conditions.push(eq(matchings.vacancyId, filter.vacancyId));
    if (filter.search) conditions.push(sql`${profileNameText} like ${containsPattern(filter.search)}`);
    return conditions;
  }

  const isDefaultList = (filter: OrganizationListFilter) =>
    !filter.vacancyId && !filter.search && filter.sort === 'newest';

  /**
   * A filtered or oldest-first page (issue 14), built per call: the same two steps as the prepared
   * statement — the page's ids from (vacancy_id, state, created_at, id), in either direction, with
   * the name search on the joined profile (trigram index) — then profiles and photos of those rows.
   */
  async function filteredOrganizationPage(
    organizationId: string,
    state: MatchingState,
    limit: number,
    key: TimeKey,
    filter: OrganizationListFilter,
  ) {
    const oldest = filter.sort === 'oldest';
    const order = oldest ? oldestFirst : newestFirst;
    const afterKey = oldest
      ? sql`(${matchings.createdAt}, ${matchings.id}) > (${key.at}::timestamptz, ${key.id}::uuid)`
      : sql`(${matchings.createdAt}, ${matchings.id}) < (${key.at}::timestamptz, ${key.id}::uuid)`;
    let ids = db
      .select({ pageId: sql<string>`${matchings.id}`.as('page_id') })
      .from(matchings)
      .innerJoin(vacancies, eq(vacancies.id, matchings.vacancyId))
      .$dynamic();
    if (filter.search) ids = ids.innerJoin(applicantProfiles, eq(applicantProfiles.userId, matchings.applicantId));
    const pageIds = db.$with('page').as(
      ids
        .where(
          and(
            eq(vacancies.organizationId, organizationId),
            eq(matchings.state, state),
            afterKey,
            ...filterConditions(filter),
          ),
        )
        .orderBy(...order)
        .limit(limit),
    );
    return db
      .with(pageIds)
      .select({ id: matchings.id, cursorAt: cursorTimeSql(matchings.createdAt), ...organizationMatchingColumns })
      .from(pageIds)
      .innerJoin(matchings, eq(matchings.id, pageIds.pageId))
      .innerJoin(vacancies, eq(vacancies.id, matchings.vacancyId))
      .leftJoin(applicantProfiles, eq(applicantProfiles.userId, matchings.applicantId))
      .orderBy(...order);
  }

  async function findForOrganizationList(
    organizationId: string,
    only?: { vacancyId: string; applicantId: string },
  ): Promise<OrganizationMatchingRow[]> {
    const where = only
      ? and(eq(vacancies.organizationId, organizationId), matchingKey(only.vacancyId, only.applicantId))
      : eq(vacancies.organizationId, organizationId);
    const rows = await db
      .select(organizationMatchingColumns)
      .from(matchings)
      .innerJoin(vacancies, eq(vacancies.id, matchings.vacancyId))
      .leftJoin(applicantProfiles, eq(applicantProfiles.userId, matchings.applicantId))
      .where(where)
      .orderBy(desc(matchings.createdAt), asc(matchings.id));
    return rows.map((row) => ({
      vacancyId: row.vacancyId,
      vacancyTitle: row.vacancyTitle,
      applicantId: row.applicantId,
      state: row.state,
      createdAt: row.createdAt,
      decidedAt: row.decidedAt,
      profile: profileOf(row),
      photoIds: row.photoIds,
      contactEnded: row.contactEnded,
      note: row.note,
    }));
  }

  return {
    /** Days until an open matching of the organisation is closed automatically (ADR 0041, issue 48 item 6). */
    async declineAfterDaysFor(organizationId: string): Promise<number> {
      const [row] = await organizationDeclineDays.execute({ organizationId });
      return row ? Number(row.days) : RESPONSE_DEADLINE_DEFAULT_DAYS;
    },

    /**
     * One page of the organisation's matchings in `state`, newest first, after `after` (the
     * previous page's `next`), with the candidates' profiles and photo ids, in ONE query.
     */
    async pageForOrganization(
      organizationId: string,
      state: MatchingState,
      limit: number,
      after: TimeKey | null,
      filter: OrganizationListFilter = { sort: 'newest' },
    ): Promise<Page<OrganizationMatchingRow & { id: string; cursorAt: string }>> {
      const key = after ?? (filter.sort === 'oldest' ? OLDEST_FIRST_PAGE_KEY : FIRST_PAGE_KEY);
      const rows = isDefaultList(filter)
        ? await organizationPage.execute({ organizationId, state, at: key.at, id: key.id, limit: limit + 1 })
        : await filteredOrganizationPage(organizationId, state, limit + 1, key, filter);
      return toPage(
        rows.map((row) => ({
          id: row.id,
          cursorAt: row.cursorAt,
          vacancyId: row.vacancyId,
          vacancyTitle: row.vacancyTitle,
          applicantId: row.applicantId,
          state: row.state,
          createdAt: row.createdAt,
          decidedAt: row.decidedAt,
          profile: profileOf(row),
          photoIds: row.photoIds,
          contactEnded: row.contactEnded,
          note: row.note,
        })),
        limit,
      );
    },

    /** How many matchings of each state the organisation's postings have. */
    async countsForOrganization(
      organizationId: string,
      filter: OrganizationListFilter = { sort: 'newest' },
    ): Promise<MatchingCounts> {
      const counts: MatchingCounts = { OPEN: 0, ACCEPTED: 0, REJECTED: 0 };
      let rows: { state: MatchingState; count: number }[];
      if (!filter.vacancyId && !filter.search) rows = await organizationCounts.execute({ organizationId });
      else {
        let query = db
          .select({ state: matchings.state, count: sql<number>`count(*)::int` })
          .from(matchings)
          .innerJoin(vacancies, eq(vacancies.id, matchings.vacancyId))
          .$dynamic();
        if (filter.search)
          query = query.innerJoin(applicantProfiles, eq(applicantProfiles.userId, matchings.applicantId));
        rows = await query
          .where(and(eq(vacancies.organizationId, organizationId), ...filterConditions(filter)))
          .groupBy(matchings.state);
      }
      for (const row of rows) counts[row.state] = row.count;
      return counts;
    },

    async findOneForOrganization(
      organizationId: string,
      vacancyId: string,
      applicantId: string,
    ): Promise<OrganizationMatchingRow | null> {
      return (await findForOrganizationList(organizationId, { vacancyId, applicantId }))[0] ?? null;
    },

    /**
     * OPEN → ACCEPTED | REJECTED for a posting of `organizationId`, under a row lock. Accepting
     * opens the chat (created if missing) with a SYSTEM message in the same transaction.
     */
    async decide(input: {
      organizationId: string;
      vacancyId: string;
      applicantId: string;
      state: 'ACCEPTED' | 'REJECTED';
      decidedBy: string;
      now: Date;
      systemText: string;
      /** Words to the candidate with a decline (issue 14). */
      declineMessage: string | null;
    }): Promise<DecisionResult> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ state: matchings.state, organizationId: vacancies.organizationId })
          .from(matchings)
          .innerJoin(vacancies, eq(vacancies.id, matchings.vacancyId))
          .where(matchingKey(input.vacancyId, input.applicantId))
          .for('update', { of: matchings });
        if (!current) return { kind: 'NOT_FOUND' };
        if (current.organizationId !== input.organizationId) return { kind: 'FOREIGN' };
        if (current.state !== 'OPEN') return { kind: 'CONFLICT', state: current.state };
        await tx
          .update(matchings)
          .set({
            state: input.state,
            decidedAt: input.now,
            decidedBy: input.decidedBy,
            declineMessage: input.state === 'REJECTED' ? input.declineMessage : null,
          })
          .where(matchingKey(input.vacancyId, input.applicantId));
        const chat =
          input.state === 'ACCEPTED'
            ? await openChatInTransaction(tx, {
                organizationId: input.organizationId,
                applicantId: input.applicantId,
                systemText: input.systemText,
                now: input.now,
              })
            : null;
        return { kind: 'DECIDED', organizationId: current.organizationId, chat };
      });
    },

    /** The candidate's matchings created since `since` (the daily interest cap; matchings_applicant_created_idx). */
    async countCreatedSince(applicantId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(matchings)
        .where(and(eq(matchings.applicantId, applicantId), gte(matchings.createdAt, since)));
      return Number(row?.total ?? 0);
    },

    /** Creates an OPEN matching; when one exists already, returns it untouched (`created: false`). */
    async createOpen(
      vacancyId: string,
      applicantId: string,
      now: Date,
      note: string | null = null,
    ): Promise<{ row: MatchingRow; created: boolean }> {
      const inserted = await db
        .insert(matchings)
        .values({ vacancyId, applicantId, state: 'OPEN', createdAt: now, note })
        .onConflictDoNothing()
        .returning();
      if (inserted[0]) return { row: inserted[0], created: true };
      const [existing] = await db.select().from(matchings).where(matchingKey(vacancyId, applicantId)).limit(1);
      if (!existing) throw new Error('matching neither inserted nor found');
      return { row: existing, created: false };
    },

    /** Deletes the applicant's OPEN matching; 'NOT_FOUND' without one, 'DECIDED' when it is no longer open. */
    async withdraw(vacancyId: string, applicantId: string): Promise<'OK' | 'NOT_FOUND' | 'DECIDED'> {
      const removed = await db
        .delete(matchings)
        .where(and(matchingKey(vacancyId, applicantId), eq(matchings.state, 'OPEN')))
        .returning({ id: matchings.id });
      if (removed.length > 0) return 'OK';
      const [existing] = await db
        .select({ id: matchings.id })
        .from(matchings)
        .where(matchingKey(vacancyId, applicantId))
        .limit(1);
      return existing ? 'DECIDED' : 'NOT_FOUND';
    },

    /** One page of the candidate's matchings, newest first, with posting title and organisation (one query). */
    async pageForApplicant(
      applicantId: string,
      limit: number,
      after: TimeKey | null,
    ): Promise<Page<ApplicantMatchingRow>> {
      const key = after ?? FIRST_PAGE_KEY;
      const rows = await applicantPage.execute({ applicantId, at: key.at, id: key.id, limit: limit + 1 });
      const page = toPage(rows, limit);
      return {
        next: page.next,
        rows: page.rows.map(({ id: _id, cursorAt: _cursorAt, ...row }) => toApplicantMatchingRow(row)),
      };
    },

    /** The candidate's matching on one posting with posting title and organisation (one query). */
    async findForApplicant(applicantId: string, vacancyId: string): Promise<ApplicantMatchingRow | null> {
      const [row] = await db
        .select(applicantMatchingColumns)
        .from(matchings)
        .innerJoin(vacancies, eq(vacancies.id, matchings.vacancyId))
        .innerJoin(organizations, eq(organizations.id, vacancies.organizationId))
        .where(matchingKey(vacancyId, applicantId))
        .limit(1);
      return row ? toApplicantMatchingRow(row) : null;
    },

    /** The company's postings the candidate showed interest in, as cards, newest first (the candidate's chat, ADR 0101). */
    async postingsForApplicant(applicantId: string, organizationId: string): Promise<MatchingPosting[]> {
      const rows = await db
        .select(applicantMatchingColumns)
        .from(matchings)
        .innerJoin(vacancies, eq(vacancies.id, matchings.vacancyId))
        .innerJoin(organizations, eq(organizations.id, vacancies.organizationId))
        .where(and(eq(matchings.applicantId, applicantId), eq(vacancies.organizationId, organizationId)))
        .orderBy(...newestFirst);
      return rows.map((row) => toApplicantMatchingRow(row).posting);
    },

    /** Whether the candidate has a matching (any state) with one of the organisation's postings. */
    async hasMatchingWithOrganization(applicantId: string, organizationId: string): Promise<boolean> {
      const rows = await db
        .select({ one: sql<number>`1` })
        .from(matchings)
        .innerJoin(vacancies, eq(vacancies.id, matchings.vacancyId))
        .where(and(eq(matchings.applicantId, applicantId), eq(vacancies.organizationId, organizationId)))
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type MatchingsRepository = ReturnType<typeof createMatchingsRepository>;
