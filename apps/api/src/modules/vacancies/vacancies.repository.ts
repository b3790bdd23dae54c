import { VACANCY_SEARCH_COUNT_LIMIT, type Region, type VACANCY_SORT_FIELDS } from '@matchwerk/shared';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  organizations,
  photos,
  vacancies,
  type NewVacancyRow,
  type PhotoRow,
  type VacancyRow,
} from '../../db/schema/index';
import { matchings, vacancyViews } from '../../db/schema/marketplace';
import type { VacancyActivity, VacancyListRow, VacancyWithRelations } from './vacancies.mapper';
import type { KeyType } from './vacancy-cursor';

export type VacancySortField = (typeof VACANCY_SORT_FIELDS)[number];

/** Which postings a list shows: one organisation, organisations of some regions, or all. */
export type VacancyScope =
  { kind: 'organization'; organizationId: string } | { kind: 'regions'; regions: Region[] } | { kind: 'all' };

type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface VacancyListParams {
  scope: VacancyScope;
  page: number;
  pageSize: number;
  sort: VacancySortField;
  order: 'asc' | 'desc';
  search?: string | undefined;
  /** Narrows the scope to one organisation (administration: its postings). */
  organizationId?: string | undefined;
  /** Load the first photo id per row (organisation users only; spec §6). */
  withImage: boolean;
  /** Keyset paging: the sort key of the row the page starts after (from a cursor); `page` is then ignored. */
  after?: string[] | undefined;
}

interface ListKeyPart {
  expression: SQL;
  type: KeyType;
}

/** The sort key of a list order: what to order by, compare a cursor with, and cast its values to. */
export interface ListKey {
  parts: ListKeyPart[];
}

const part = (expression: SQL | AnyPgColumn, type: KeyType): ListKeyPart => ({ expression: sql`${expression}`, type });

/**
 * The full order of each offered sort, all parts in one direction and the id last, so every
 * order is total (ties stay stable between pages) and matches one index of migration 0008 read
 * forwards or backwards (ADR 0028). An organisation's own list sorted by "organisation name" is
 * ordered by title: the name is constant there, and vacancies_organization_id_title_idx serves it.
 */
export function listKeyOf(sort: VacancySortField, order: 'asc' | 'desc', scope: VacancyScope): ListKey {
  const id = part(vacancies.id, 'uuid');
  const title = part(vacancies.title, 'text');
  const organizationName = part(vacancies.organizationName, 'text');
  switch (sort) {
    case 'organizationName':
      return { parts: scope.kind === 'organization' ? [title, id] : [organizationName, title, id] };
    case 'title':
      return { parts: [title, organizationName, id] };
    case 'start':
      // Postings without a start date come last in both directions (the two expression indexes).
      return {
        parts: [
          part(
            order === 'asc'
              ? sql`coalesce(${vacancies.start}, 'infinity'::date)`
              : sql`coalesce(${vacancies.start}, '-infinity'::date)`,
            'date',
          ),
          title,
          id,
        ],
      };
    case 'contactName':
      return { parts: [part(vacancies.contactName, 'text'), title, id] };
    case 'updatedAt':
      return { parts: [part(vacancies.updatedAt, 'timestamptz'), id] };
  }
}

/** `(k1, k2, …) > (v1, v2, …)` (or `<` descending): a row comparison the index answers as a range. */
function keysetAfter(key: ListKey, order: 'asc' | 'desc', after: (string | Placeholder)[]): SQL {
  const columns = sql.join(
    key.parts.map((keyPart) => keyPart.expression),
    sql`, `,
  );
  const values = sql.join(
    key.parts.map((keyPart, index) => sql`${after[index]}::${sql.raw(keyPart.type)}`),
    sql`, `,
  );
  return sql`(${columns}) ${sql.raw(order === 'desc' ? '<' : '>')} (${values})`;
}

export type VacancyValues = Omit<NewVacancyRow, 'id' | 'organizationId' | 'createdAt' | 'updatedAt' | 'active'>;

export interface NewPhoto {
  ownerKind: PhotoRow['ownerKind'];
  organizationId: string | null;
  vacancyId: string | null;
  storageKey: string;
  mimeType: string;
  width: number;
  height: number;
  bytes: number;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export function createVacanciesRepository(db: Database) {
  async function photoIdsOf(vacancyId: string): Promise<string[]> {
    const rows = await db
      .select({ id: photos.id })
      .from(photos)
      .where(eq(photos.vacancyId, vacancyId))
      .orderBy(asc(photos.position), asc(photos.createdAt));
    return rows.map((row) => row.id);
  }

  async function exists(id: string): Promise<boolean> {
    const rows = await db.select({ id: vacancies.id }).from(vacancies).where(eq(vacancies.id, id)).limit(1);
    return rows.length > 0;
  }

  /**
   * A page of the list in the sort's order, with each row's sort key, first photo and candidate
   * activity. The photo and the three counts are correlated subqueries, so they run for the rows
   * of the page only, each on its index ((vacancy_id, position), (vacancy_id, …) of vacancy_views,
   * (vacancy_id, state, …) of matchings), and the page needs one round trip. Columns are qualified
   * by hand: in a select from one table Drizzle writes them unqualified, and inside a subquery
   * "id" would be the subquery's table's.
   */
  function pageQuery(
    executor: Executor,
    key: ListKey,
    order: 'asc' | 'desc',
    withImage: boolean,
    where: SQL | undefined,
    limit: number | Placeholder,
  ) {
    const direction = order === 'desc' ? desc : asc;
    const image = withImage
      ? sql<
          string | null
        >`(select ${photos.id}::text from ${photos} where ${photos.vacancyId} = "vacancies"."id" order by ${photos.position}, ${photos.createdAt} limit 1)`
      : sql<string | null>`null::text`;
    return executor
      .select({
        id: vacancies.id,
        title: vacancies.title,
        descriptionExcerpt: vacancies.descriptionExcerpt,
        contactName: vacancies.contactName,
        salaryRange: vacancies.salaryRange,
        salaryPerTrainingYear: vacancies.salaryPerTrainingYear,
        organizationId: vacancies.organizationId,
        organizationName: vacancies.organizationName,
        start: vacancies.start,
        type: vacancies.type,
        active: vacancies.active,
        applicationDeadline: vacancies.applicationDeadline,
        publishOn: vacancies.publishOn,
        image,
        views: sql<number>`(select count(*)::int from ${vacancyViews} where ${vacancyViews.vacancyId} = "vacancies"."id")`,
        interest: sql<number>`(select count(*)::int from ${matchings} where ${matchings.vacancyId} = "vacancies"."id")`,
        accepted: sql<number>`(select count(*)::int from ${matchings} where ${matchings.vacancyId} = "vacancies"."id" and ${matchings.state} = 'ACCEPTED')`,
        // The key as text (exact: a timestamp keeps its microseconds, which a JS Date would lose).
        sortKey: sql<string[]>`array[${sql.join(
          key.parts.map((part) => sql`${part.expression}::text`),
          sql`, `,
        )}]`,
      })
      .from(vacancies)
      .where(where)
      .orderBy(...key.parts.map((part) => direction(part.expression)))
      .limit(limit);
  }

  /**
   * What an organisation's users open most — their own list, no search, its first page or the
   * next one from a cursor — is prepared once per sort, order and kind of page, like its count
   * (planning costs several times the execution on PostgreSQL, issue #12).
   */
  const organizationPages = new Map<string, ReturnType<typeof prepareOrganizationPage>>();
  function prepareOrganizationPage(sort: VacancySortField, order: 'asc' | 'desc', fromCursor: boolean) {
    const key = listKeyOf(sort, order, { kind: 'organization', organizationId: '' });
    const ofOrganization = eq(vacancies.organizationId, sql.placeholder('organizationId'));
    const afterCursor = keysetAfter(
      key,
      order,
      key.parts.map((_, index) => sql.placeholder(`key${index}`)),
    );
    return pageQuery(
      db,
      key,
      order,
      true,
      fromCursor ? and(ofOrganization, afterCursor) : ofOrganization,
      sql.placeholder('limit'),
    ).prepare(`vacancies_organization_${sort}_${order}_${fromCursor ? 'next' : 'first'}`);
  }
  function organizationPage(sort: VacancySortField, order: 'asc' | 'desc', fromCursor: boolean) {
    const name = `${sort}:${order}:${fromCursor}`;
    let prepared = organizationPages.get(name);
    if (!prepared) {
      prepared = prepareOrganizationPage(sort, order, fromCursor);
      organizationPages.set(name, prepared);
    }
    return prepared;
  }
  /** A posting's photo with the organisation it belongs to, for the access check: one round trip. */
  const photoOfVacancy = db
    .select({
      storageKey: photos.storageKey,
      mimeType: photos.mimeType,
      organizationId: organizations.id,
      organizationRegion: organizations.region,
    })
    .from(photos)
    .innerJoin(vacancies, eq(vacancies.id, photos.vacancyId))
    .innerJoin(organizations, eq(organizations.id, vacancies.organizationId))
    .where(and(eq(photos.id, sql.placeholder('photoId')), eq(photos.vacancyId, sql.placeholder('vacancyId'))))
    .limit(1)
    .prepare('vacancy_photo');
  const organizationCount = db
    .select({ total: count() })
    .from(vacancies)
    .where(eq(vacancies.organizationId, sql.placeholder('organizationId')))
    .prepare('vacancies_organization_count');

  /**
   * A search page and its count, with planner hints, in one transaction (so on one connection).
   * Trigram selectivity is poorly estimated, and the two ways to a page fail differently: walking
   * the sort's index and filtering is instant for a common word but reads thousands of rows for a
   * rare one (15 ms for "verwaltung 01"); collecting the matches from the trigram indexes and
   * sorting them is the reverse. The count decides, and it is taken from the trigram indexes
   * (bitmap) up to the limit — a sequential scan "until 1,001 matches" read 29,000 rows (38 ms)
   * when the matches sat at the end of the table. Rare (≤ limit): the page from the bitmap too;
   * common: the planner's ordered index walk.
   */
  async function searchPage<Row>(
    filter: SQL | undefined,
    pageIn: (executor: Executor) => Promise<Row[]>,
  ): Promise<{ rows: Row[]; total: number }> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const [counted] = await tx.select({ total: count() }).from(
        tx
          .select({ one: sql`1` })
          .from(vacancies)
          .where(filter)
          .limit(VACANCY_SEARCH_COUNT_LIMIT + 1)
          .as('matches'),
      );
      const total = Number(counted?.total ?? 0);
      if (total <= VACANCY_SEARCH_COUNT_LIMIT) await tx.execute(sql`set local enable_indexscan = off`);
      return { rows: await pageIn(tx), total };
    });
  }

  async function withRelations(row: VacancyRow): Promise<VacancyWithRelations | null> {
    const [organization] = await db
      .select({ id: organizations.id, name: organizations.name, region: organizations.region })
      .from(organizations)
      .where(eq(organizations.id, row.organizationId))
      .limit(1);
    if (!organization) return null;
    return { row, organization: { ...organization, region: organization.region }, photoIds: await photoIdsOf(row.id) };
  }

  return {
    /**
     * One query for the page (with its photos and counts) and one for the total, side by side —
     * neither joins: the organisation's name and region are copied onto the posting (ADR 0028).
     * The page walks the sort's index, from the cursor's key (keyset) or by offset; one row more
     * than the page says whether a next page exists.
     */
    async list(params: VacancyListParams): Promise<{
      items: (VacancyListRow & VacancyActivity)[];
      total: number;
      totalExact: boolean;
      nextKey: string[] | null;
    }> {
      const conditions: SQL[] = [];
      if (params.scope.kind === 'organization')
        conditions.push(eq(vacancies.organizationId, params.scope.organizationId));
      if (params.scope.kind === 'regions') conditions.push(inArray(vacancies.organizationRegion, params.scope.regions));
      if (params.organizationId) conditions.push(eq(vacancies.organizationId, params.organizationId));
      if (params.search) {
        // Substring search served by the trigram indexes (pg_trgm); % and _ typed by users are literal.
        const pattern = `%${escapeLike(params.search)}%`;
        conditions.push(
          or(
            ilike(vacancies.title, pattern),
            ilike(vacancies.organizationName, pattern),
            ilike(vacancies.city, pattern),
          )!,
        );
      }
      const filter = conditions.length > 0 ? and(...conditions) : undefined;
      const key = listKeyOf(params.sort, params.order, params.scope);
      const direction = params.order === 'desc' ? desc : asc;
      const limit = params.pageSize + 1;
      const offset = params.page * params.pageSize;
      const pageConditions = params.after ? [...conditions, keysetAfter(key, params.order, params.after)] : conditions;
      // A jump (offset, no cursor) skips rows inside the sort's index only: the ids of the page are
      // found first (reading just the index), then only those rows are read from the table — not
      // every skipped row, which made deep pages cost 80–90 ms at 50,000 postings.
      const skipInIndex = (executor: Executor) =>
        executor
          .select({ id: vacancies.id })
          .from(vacancies)
          .where(filter)
          .orderBy(...key.parts.map((keyPart) => direction(keyPart.expression)))
          .limit(limit)
          .offset(offset);
      const pageIn = (executor: Executor) =>
        pageQuery(
          executor,
          key,
          params.order,
          params.withImage,
          params.after || offset === 0 ? and(...pageConditions) : inArray(vacancies.id, skipInIndex(executor)),
          limit,
        );
      // An organisation's own list without search, first page or from a cursor: prepared.
      const ownListOf =
        params.scope.kind === 'organization' &&
        params.withImage &&
        !params.search &&
        !params.organizationId &&
        (params.after || offset === 0)
          ? params.scope.organizationId
          : null;
      let found: { rows: Awaited<ReturnType<typeof pageIn>>; total: number };
      if (params.search) {
        found = await searchPage(filter, pageIn);
      } else if (ownListOf) {
        const organizationId = ownListOf;
        const keyValues = Object.fromEntries((params.after ?? []).map((value, index) => [`key${index}`, value]));
        const [rows, totals] = await Promise.all([
          organizationPage(params.sort, params.order, Boolean(params.after)).execute({
            organizationId,
            limit,
            ...keyValues,
          }),
          organizationCount.execute({ organizationId }),
        ]);
        found = { rows, total: Number(totals[0]?.total ?? 0) };
      } else {
        const [rows, totals] = await Promise.all([
          pageIn(db),
          db.select({ total: count() }).from(vacancies).where(filter),
        ]);
        found = { rows, total: Number(totals[0]?.total ?? 0) };
      }
      const { rows, total } = found;
      const hasMore = rows.length > params.pageSize;
      const items = rows.slice(0, params.pageSize);
      const last = items.at(-1);
      const totalExact = !params.search || total <= VACANCY_SEARCH_COUNT_LIMIT;
      return {
        items: items.map(({ sortKey: _sortKey, ...item }) => item),
        total: totalExact ? total : VACANCY_SEARCH_COUNT_LIMIT,
        totalExact,
        nextKey: hasMore && last ? last.sortKey : null,
      };
    },

    /** The vacancy with its organisation summary and ordered photo ids, or null. */
    async findById(id: string): Promise<VacancyWithRelations | null> {
      const rows = await db
        .select({
          row: vacancies,
          orgId: organizations.id,
          orgName: organizations.name,
          orgRegion: organizations.region,
        })
        .from(vacancies)
        .innerJoin(organizations, eq(organizations.id, vacancies.organizationId))
        .where(eq(vacancies.id, id))
        .limit(1);
      const found = rows[0];
      if (!found) return null;
      return {
        row: found.row,
        organization: { id: found.orgId, name: found.orgName, region: found.orgRegion },
        photoIds: await photoIdsOf(id),
      };
    },

    async create(organizationId: string, values: VacancyValues, now: Date): Promise<string> {
      const [row] = await db
        .insert(vacancies)
        .values({ ...values, organizationId, active: false, createdAt: now, updatedAt: now })
        .returning({ id: vacancies.id });
      if (!row) throw new Error('vacancy insert returned nothing');
      return row.id;
    },

    /**
     * Writes the values and raises the version. With `expectedVersions` it is a compare-and-set in
     * one statement (`… where version in (…)`): of two writers holding the same version exactly one
     * matches, the other sees the raised version after the row lock and updates nothing ('STALE').
     * Returns the written vacancy (its version is this write's, whatever happens next).
     */
    async update(
      id: string,
      values: Partial<VacancyValues> & { active?: boolean },
      now: Date,
      expectedVersions?: readonly number[],
    ): Promise<VacancyWithRelations | 'STALE' | null> {
      if (expectedVersions?.length === 0) return (await exists(id)) ? 'STALE' : null;
      const conditions = [eq(vacancies.id, id)];
      if (expectedVersions) conditions.push(inArray(vacancies.version, [...expectedVersions]));
      const [row] = await db
        .update(vacancies)
        .set({ ...values, updatedAt: now, version: sql`${vacancies.version} + 1` })
        .where(and(...conditions))
        .returning();
      if (row) return withRelations(row);
      return expectedVersions && (await exists(id)) ? 'STALE' : null;
    },

    /** Deletes the vacancy (photos rows follow by cascade); returns the storage keys to remove after commit. */
    async delete(id: string): Promise<string[]> {
      return db.transaction(async (tx) => {
        const keys = await tx.select({ storageKey: photos.storageKey }).from(photos).where(eq(photos.vacancyId, id));
        await tx.delete(vacancies).where(eq(vacancies.id, id));
        return keys.map((row) => row.storageKey);
      });
    },

    photoIdsOf,

    async findPhoto(id: string): Promise<PhotoRow | null> {
      const rows = await db.select().from(photos).where(eq(photos.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** The photo's file and its posting's organisation, when the photo belongs to that posting. */
    async findPhotoOfVacancy(
      vacancyId: string,
      photoId: string,
    ): Promise<{ storageKey: string; mimeType: string; organization: { id: string; region: Region } } | null> {
      const [row] = await photoOfVacancy.execute({ vacancyId, photoId });
      if (!row) return null;
      return {
        storageKey: row.storageKey,
        mimeType: row.mimeType,
        organization: { id: row.organizationId, region: row.organizationRegion },
      };
    },

    /**
     * Appends a photo at the end unless the vacancy already has `max`; the count and the insert
     * run in one transaction holding a lock on the vacancy row, so two parallel uploads cannot both pass.
     */
    async appendPhoto(vacancyId: string, photo: NewPhoto, max: number): Promise<{ id: string } | 'FULL'> {
      return db.transaction(async (tx) => {
        await tx.select({ id: vacancies.id }).from(vacancies).where(eq(vacancies.id, vacancyId)).for('update');
        const [stats] = await tx
          .select({ total: count(), last: sql<number | null>`max(${photos.position})` })
          .from(photos)
          .where(eq(photos.vacancyId, vacancyId));
        if (Number(stats?.total ?? 0) >= max) return 'FULL';
        const position = stats?.last === null || stats?.last === undefined ? 0 : Number(stats.last) + 1;
        const [row] = await tx
          .insert(photos)
          .values({ ...photo, position })
          .returning({ id: photos.id });
        if (!row) throw new Error('photo insert returned nothing');
        return { id: row.id };
      });
    },

    /** Removes the photos of this vacancy among `ids`; returns the storage keys of those removed. */
    async deletePhotos(vacancyId: string, ids: string[]): Promise<string[]> {
      const removed = await db
        .delete(photos)
        .where(and(eq(photos.vacancyId, vacancyId), inArray(photos.id, ids)))
        .returning({ storageKey: photos.storageKey });
      return removed.map((row) => row.storageKey);
    },

    async reorderPhotos(vacancyId: string, orderedIds: string[]): Promise<void> {
      if (orderedIds.length === 0) return;
      await db.transaction(async (tx) => {
        for (const [position, id] of orderedIds.entries()) {
          await tx
            .update(photos)
            .set({ position })
            .where(and(eq(photos.id, id), eq(photos.vacancyId, vacancyId)));
        }
      });
    },

    /** Marks a change of the posting's photos: a new updatedAt and version (so its ETag changes). */
    async touch(id: string, now: Date): Promise<void> {
      await db
        .update(vacancies)
        .set({ updatedAt: now, version: sql`${vacancies.version} + 1` })
        .where(eq(vacancies.id, id));
    },
  };
}

export type VacanciesRepository = ReturnType<typeof createVacanciesRepository>;
export type { VacancyRow };
