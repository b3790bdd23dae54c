import type { PostingType } from '@matchwerk/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organizations, photos, vacancies } from '../../db/schema/index';
import { organizationVisibleToCandidates, visibleToCandidates } from '../vacancies';

export interface JobWidgetOrganizationRow {
  name: string;
  logoPhotoId: string | null;
}

export interface JobWidgetPostingRow {
  id: string;
  title: string;
  type: PostingType;
  city: string;
  start: string | null;
  /** Id of the posting's first photo (by position), or null. */
  photoId: string | null;
}

/** Only public columns are read: no contact person, phone or e-mail ever leaves this module. */
export function createJobWidgetRepository(db: Database) {
  return {
    /** The organisation, when the public may see it (active, released); null otherwise or when unknown. */
    async findVisibleOrganization(organizationId: string): Promise<JobWidgetOrganizationRow | null> {
      const rows = await db
        .select({ name: organizations.name, logoPhotoId: organizations.logoPhotoId })
        .from(organizations)
        .where(and(eq(organizations.id, organizationId), organizationVisibleToCandidates()))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The organisation's postings candidates may see, by title (all of them: a company has few). */
    async listVisiblePostings(organizationId: string): Promise<JobWidgetPostingRow[]> {
      const firstPhoto = sql<
        string | null
      >`(select ${photos.id}::text from ${photos} where ${photos.vacancyId} = ${vacancies.id} order by ${photos.position}, ${photos.createdAt} limit 1)`;
      return db
        .select({
          id: vacancies.id,
          title: vacancies.title,
          type: vacancies.type,
          city: vacancies.city,
          start: vacancies.start,
          photoId: firstPhoto,
        })
        .from(vacancies)
        .innerJoin(organizations, eq(organizations.id, vacancies.organizationId))
        .where(and(eq(vacancies.organizationId, organizationId), visibleToCandidates()))
        .orderBy(asc(vacancies.title), asc(vacancies.id));
    },

    /**
     * A file the widget may show: the logo of a visible organisation, or a photo of one of its
     * visible postings. Anything else (another organisation's, a hidden posting's) is null.
     */
    async findPublicImage(
      organizationId: string,
      photoId: string,
    ): Promise<{ storageKey: string; mimeType: string } | null> {
      const logo = await db
        .select({ storageKey: photos.storageKey, mimeType: photos.mimeType })
        .from(photos)
        .innerJoin(organizations, eq(organizations.id, photos.organizationId))
        .where(
          and(
            eq(photos.id, photoId),
            eq(photos.ownerKind, 'organization'),
            eq(organizations.id, organizationId),
            eq(organizations.logoPhotoId, photoId),
            organizationVisibleToCandidates(),
          ),
        )
        .limit(1);
      if (logo[0]) return logo[0];
      const posting = await db
        .select({ storageKey: photos.storageKey, mimeType: photos.mimeType })
        .from(photos)
        .innerJoin(vacancies, eq(vacancies.id, photos.vacancyId))
        .innerJoin(organizations, eq(organizations.id, vacancies.organizationId))
        .where(and(eq(photos.id, photoId), eq(vacancies.organizationId, organizationId), visibleToCandidates()))
        .limit(1);
      return posting[0] ?? null;
    },
  };
}

export type JobWidgetRepository = ReturnType<typeof createJobWidgetRepository>;
