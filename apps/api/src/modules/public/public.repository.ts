import type { PostingType, PublicVacancySort, Region } from '@matchwerk/shared';
import { and, asc, count, desc, eq, isNotNull, max, sql, type SQL } from 'drizzle-orm';
import { withinRadius } from '../../db/posting-distance';
import type { Database } from '../../db/client';
import { organizations } from '../../db/schema/organizations';
import { photos, vacancies } from '../../db/schema/vacancies';
import { findVisibleVacancyPhoto, organizationVisibleToCandidates, visibleToCandidates } from '../vacancies';

export interface PublicListParams {
  region: Region;
  type?: PostingType | undefined;
  occupation?: string | undefined;
  place?: string | undefined;
  near?: { lat: number; lng: number; radiusKm: number } | undefined;
  sort: PublicVacancySort;
  /** Sort key of the previous page's last row, as PostgreSQL text (see public-cursor.ts), id last. */
  after?: [string, string] | undefined;
  limit: number;
}

export interface PublicListRow {
  id: string;
  title: string;
  type: PostingType;
  trainingOccupationName: string | null;
  city: string;
  zipCode: string;
  start: string | null;
  startOfTraining: string | null;
  salaryPerTrainingYear: string[];
  descriptionExcerpt: string;
  organizationId: string;
  organizationName: string;
  logoPhotoId: string | null;
  imagePhotoId: string | null;
  distanceKm: number | null;
  updatedAt: Date;
  /** The row's sort key as PostgreSQL text (the next page's cursor). */
  sortKey: string;
}

/** Sort key expression (first part; the id is the second) and its text form for the cursor. */
function sortKeyOf(
  sort: PublicVacancySort,
  distance: SQL<number> | null,
): { key: SQL; text: SQL<string>; cast: (value: string) => SQL; descending: boolean } {
  switch (sort) {
    case 'newest':
      // UTC text with microseconds: the cursor must hold the exact stored value (JS dates keep milliseconds only).
      return {
        key: sql`${vacancies.createdAt}`,
        text: sql<string>`(${vacancies.createdAt} at time zone 'UTC')::text`,
        cast: (value) => sql`(${value}::timestamp at time zone 'UTC')`,
        descending: true,
      };
    case 'title':
      return {
        key: sql`${vacancies.title}`,
        text: sql<string>`${vacancies.title}`,
        cast: (value) => sql`${value}::text`,
        descending: false,
      };
    case 'start':
      // Same expression as vacancies_public_start_idx: postings without a start come last.
      return {
        key: sql`coalesce(${vacancies.start}, 'infinity'::date)`,
        text: sql<string>`coalesce(${vacancies.start}, 'infinity'::date)::text`,
        cast: (value) => sql`${value}::date`,
        descending: false,
      };
    case 'distance':
      if (!distance) throw new Error('distance sort without a centre');
      // float8 text is exact (shortest round-trip form), so the next page starts right after this row.
      return {
        key: distance,
        text: sql<string>`(${distance})::text`,
        cast: (value) => sql`${value}::double precision`,
        descending: false,
      };
  }
}

export function createPublicRepository(db: Database) {
  const firstPhoto = sql<
    string | null
  >`(select ${photos.id}::text from ${photos} where ${photos.vacancyId} = ${vacancies.id} order by ${photos.position}, ${photos.createdAt} limit 1)`;

  function regionConditions(region: Region): SQL[] {
    // organization_region is the posting's copy of its organisation's region (ADR 0028): one index per sort.
    return [visibleToCandidates(), eq(vacancies.organizationRegion, region)];
  }

  return {
    /** One page of a region's visible postings, keyset-paged, with the total of all pages. */
    async listVisible(params: PublicListParams): Promise<{ rows: PublicListRow[]; total: number }> {
      const conditions = regionConditions(params.region);
      if (params.type) conditions.push(eq(vacancies.type, params.type));
      if (params.occupation) conditions.push(eq(vacancies.trainingOccupationName, params.occupation));
      if (params.place) conditions.push(eq(vacancies.city, params.place));
      let distance: SQL<number> | null = null;
      if (params.near) {
        const within = withinRadius(params.near);
        conditions.push(...within.conditions);
        distance = within.distance;
      }
      const where = and(...conditions);
      const key = sortKeyOf(params.sort, distance);
      const pageConditions = [...conditions];
      if (params.after) {
        const [value, id] = params.after;
        pageConditions.push(
          key.descending
            ? sql`(${key.key}, ${vacancies.id}) < (${key.cast(value)}, ${id}::uuid)`
            : sql`(${key.key}, ${vacancies.id}) > (${key.cast(value)}, ${id}::uuid)`,
        );
      }
      const direction = key.descending ? sql.raw('desc') : sql.raw('asc');
      const [rows, totals] = await Promise.all([
        db
          .select({
            id: vacancies.id,
            title: vacancies.title,
            type: vacancies.type,
            trainingOccupationName: vacancies.trainingOccupationName,
            city: vacancies.city,
            zipCode: vacancies.zipCode,
            start: vacancies.start,
            startOfTraining: vacancies.startOfTraining,
            salaryPerTrainingYear: vacancies.salaryPerTrainingYear,
            descriptionExcerpt: vacancies.descriptionExcerpt,
            organizationId: organizations.id,
            organizationName: organizations.name,
            logoPhotoId: organizations.logoPhotoId,
            imagePhotoId: firstPhoto,
            distanceKm: distance ?? sql<number | null>`null::double precision`,
            updatedAt: vacancies.updatedAt,
            sortKey: key.text,
          })
          .from(vacancies)
          .innerJoin(organizations, eq(organizations.id, vacancies.organizationId))
          .where(and(...pageConditions))
          .orderBy(sql`${key.key} ${direction}`, sql`${vacancies.id} ${direction}`)
          .limit(params.limit),
        db
          .select({ total: count() })
          .from(vacancies)
          .innerJoin(organizations, eq(organizations.id, vacancies.organizationId))
          .where(where),
      ]);
      return {
        rows: rows.map((row) => ({ ...row, distanceKm: row.distanceKm === null ? null : Number(row.distanceKm) })),
        total: Number(totals[0]?.total ?? 0),
      };
    },

    /** The filter choices of a region: every occupation and place among its visible postings. */
    async facets(region: Region): Promise<{ occupations: string[]; places: string[] }> {
      const base = and(...regionConditions(region));
      const [occupations, places] = await Promise.all([
        db
          .selectDistinct({ value: vacancies.trainingOccupationName })
          .from(vacancies)
          .innerJoin(organizations, eq(organizations.id, vacancies.organizationId))
          .where(and(base, isNotNull(vacancies.trainingOccupationName)))
          .orderBy(asc(vacancies.trainingOccupationName)),
        db
          .selectDistinct({ value: vacancies.city })
          .from(vacancies)
          .innerJoin(organizations, eq(organizations.id, vacancies.organizationId))
          .where(base)
          .orderBy(asc(vacancies.city)),
      ]);
      return {
        occupations: occupations.map((row) => row.value).filter((value): value is string => value !== null),
        places: places.map((row) => row.value),
      };
    },

    /** A visible posting with its organisation's row, or null. */
    async findVisible(vacancyId: string) {
      const rows = await db
        .select({ vacancy: vacancies, organization: organizations })
        .from(vacancies)
        .innerJoin(organizations, eq(organizations.id, vacancies.organizationId))
        .where(and(eq(vacancies.id, vacancyId), visibleToCandidates()))
        .limit(1);
      const row = rows[0];
      if (!row) return null;
      const vacancyPhotos = await db
        .select({ id: photos.id, width: photos.width, height: photos.height })
        .from(photos)
        .where(eq(photos.vacancyId, vacancyId))
        .orderBy(asc(photos.position), asc(photos.createdAt));
      return { ...row, photos: vacancyPhotos };
    },

    /** A photo of a visible posting. */
    findVisiblePhoto(vacancyId: string, photoId: string): Promise<{ storageKey: string; mimeType: string } | null> {
      return findVisibleVacancyPhoto(db, vacancyId, photoId);
    },

    /** The logo of an active organisation (inactive and waiting ones show nothing publicly). */
    async findActiveLogo(organizationId: string): Promise<{ id: string; storageKey: string; mimeType: string } | null> {
      const rows = await db
        .select({ id: photos.id, storageKey: photos.storageKey, mimeType: photos.mimeType })
        .from(organizations)
        .innerJoin(
          photos,
          sql`${photos.id}::text = ${organizations.logoPhotoId} and ${photos.organizationId} = ${organizations.id}`,
        )
        .where(and(eq(organizations.id, organizationId), organizationVisibleToCandidates()))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Regions with visible postings and their newest change (the sitemap index). */
    async regionsWithPostings(): Promise<{ region: string; lastModified: Date }[]> {
      const rows = await db
        .select({ region: vacancies.organizationRegion, lastModified: max(vacancies.updatedAt) })
        .from(vacancies)
        .innerJoin(organizations, eq(organizations.id, vacancies.organizationId))
        .where(visibleToCandidates())
        .groupBy(vacancies.organizationRegion)
        .orderBy(asc(vacancies.organizationRegion));
      return rows.flatMap((row) => (row.lastModified ? [{ region: row.region, lastModified: row.lastModified }] : []));
    },

    /** Every visible posting of a region (a region's sitemap), newest change first. */
    async sitemapEntries(region: Region): Promise<{ id: string; updatedAt: Date }[]> {
      return db
        .select({ id: vacancies.id, updatedAt: vacancies.updatedAt })
        .from(vacancies)
        .innerJoin(organizations, eq(organizations.id, vacancies.organizationId))
        .where(and(...regionConditions(region)))
        .orderBy(desc(vacancies.updatedAt), asc(vacancies.id));
    },
  };
}

export type PublicRepository = ReturnType<typeof createPublicRepository>;
