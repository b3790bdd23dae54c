import type { CandidateLegalDocument, CandidateStrength, PostingType, Region } from '@matchwerk/shared';
import { and, asc, count, desc, eq, ilike, like, or, sql, type SQL } from 'drizzle-orm';
import { withinRadius } from '../../db/posting-distance';
import type { Database } from '../../db/client';
import { authUsers, authVerifications } from '../../db/schema/auth';
import { mailOutbox } from '../../db/schema/mail-outbox';
import {
  applicantPhotos,
  applicantProfiles,
  chats,
  vacancyViews,
  type ApplicantPhotoRow,
} from '../../db/schema/marketplace';
import { organizations } from '../../db/schema/organizations';
import { legalAcceptances, users } from '../../db/schema/users';
import { photos, vacancies } from '../../db/schema/vacancies';
import { contactEnds } from '../../db/schema/safeguarding';
import type { ProfileFields } from './applicants.mapper';
import { findVisibleVacancyPhoto, visibleToCandidates } from '../vacancies';

export interface ProfileValues {
  names: string[];
  familyNames: string[];
  dateOfBirth: string | null;
  school: string | null;
  region: Region | null;
  about: string | null;
  interests: string[];
  /** Issue 46 item 8 (ADR 0100); left out = unchanged on update, empty on create. */
  zipCode?: string | null;
  wantedTypes?: PostingType[];
  wantedFields?: string[];
  availableFrom?: string | null;
  strengths?: CandidateStrength[];
}

export interface NewApplicantPhoto {
  storageKey: string;
  mimeType: string;
  width: number;
  height: number;
  bytes: number;
}

export interface ActiveVacancyListParams {
  region?: Region | undefined;
  type?: PostingType | undefined;
  search?: string | undefined;
  /** Exact training occupation (issue 46). */
  occupation?: string | undefined;
  /** Centre and radius: only postings with coordinates within radiusKm. */
  near?: { lat: number; lng: number; radiusKm: number } | undefined;
  /** Only postings the candidate is old enough for (`oldEnoughFor`, age-rules.ts); undefined = no age filter. */
  oldEnough?: SQL | undefined;
  /** The candidate asking: postings of companies they ended contact with are left out (ADR 0101). */
  applicantId?: string | undefined;
  sort: 'distance' | 'createdAt' | 'title';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export interface ActiveVacancyListRow {
  id: string;
  title: string;
  type: PostingType;
  organizationId: string;
  organizationName: string;
  organizationRegion: string;
  city: string;
  zipCode: string;
  start: string | null;
  descriptionExcerpt: string;
  image: string | null;
  distanceKm: number | null;
  minAge: number;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export function createApplicantsRepository(db: Database) {
  // A candidate's profile and photos are read with every chat and matching an organisation opens:
  // prepared once (issue #12).
  const photoIdsStatement = db
    .select({ id: applicantPhotos.id })
    .from(applicantPhotos)
    .where(eq(applicantPhotos.applicantId, sql.placeholder('applicantId')))
    .orderBy(asc(applicantPhotos.position), asc(applicantPhotos.createdAt))
    .prepare('applicant_photo_ids');
  const profileStatement = db
    .select()
    .from(applicantProfiles)
    .where(eq(applicantProfiles.userId, sql.placeholder('applicantId')))
    .limit(1)
    .prepare('applicant_profile');

  async function photoIdsOf(applicantId: string): Promise<string[]> {
    const rows = await photoIdsStatement.execute({ applicantId });
    return rows.map((row) => row.id);
  }

  return {
    photoIdsOf,

    /** Creates our user row (type APPLICANT, legal dates set by the sign-up consent) and the profile. */
    async createApplicant(input: {
      userId: string;
      profile: ProfileValues;
      signedAt: Date;
      /** The candidate texts accepted at sign-up, in their versions (ADR 0102). */
      legalAcceptances?: readonly { document: CandidateLegalDocument; version: string }[];
    }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(users).values({
          id: input.userId,
          type: 'APPLICANT',
          regions: [],
          privacyStatementSignedAt: input.signedAt,
          termsAndConditionsSignedAt: input.signedAt,
          notifyViaMail: false,
        });
        await tx
          .insert(applicantProfiles)
          .values({ userId: input.userId, ...input.profile, createdAt: input.signedAt, updatedAt: input.signedAt });
        if (input.legalAcceptances?.length)
          await tx.insert(legalAcceptances).values(
            input.legalAcceptances.map(({ document, version }) => ({
              userId: input.userId,
              document,
              version,
              acceptedAt: input.signedAt,
            })),
          );
      });
    },

    async findProfile(applicantId: string): Promise<ProfileFields | null> {
      const rows = await profileStatement.execute({ applicantId });
      return rows[0] ?? null;
    },

    async upsertProfile(applicantId: string, values: ProfileValues, now: Date): Promise<void> {
      await db
        .insert(applicantProfiles)
        .values({ userId: applicantId, ...values, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: applicantProfiles.userId, set: { ...values, updatedAt: now } });
    },

    /** Appends a photo unless the applicant has `max` already (count + insert under a lock on the user row). */
    async appendPhoto(applicantId: string, photo: NewApplicantPhoto, max: number): Promise<{ id: string } | 'FULL'> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, applicantId)).for('update');
        const [stats] = await tx
          .select({ total: count(), last: sql<number | null>`max(${applicantPhotos.position})` })
          .from(applicantPhotos)
          .where(eq(applicantPhotos.applicantId, applicantId));
        if (Number(stats?.total ?? 0) >= max) return 'FULL';
        const position = stats?.last === null || stats?.last === undefined ? 0 : Number(stats.last) + 1;
        const [row] = await tx
          .insert(applicantPhotos)
          .values({ applicantId, ...photo, position })
          .returning({ id: applicantPhotos.id });
        if (!row) throw new Error('photo insert returned nothing');
        return { id: row.id };
      });
    },

    async findPhoto(applicantId: string, photoId: string): Promise<ApplicantPhotoRow | null> {
      const rows = await db
        .select()
        .from(applicantPhotos)
        .where(and(eq(applicantPhotos.id, photoId), eq(applicantPhotos.applicantId, applicantId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Deletes the candidate in one transaction: pending tokens and demo mails, then the auth
     * user — sessions, credential account, our user row, profile, photo rows, matchings, chats
     * and their messages follow by cascade. Returns the photo files to remove after commit and
     * the organisations whose chat with the candidate went, or null when there is no such user.
     */
    async deleteAccount(applicantId: string): Promise<{ storageKeys: string[]; chatOrganizationIds: string[] } | null> {
      return db.transaction(async (tx) => {
        // The lock waits for a running photo upload (it holds this row) and keeps new ones out.
        const [user] = await tx
          .select({ id: users.id, email: authUsers.email })
          .from(users)
          .innerJoin(authUsers, eq(authUsers.id, users.id))
          .where(and(eq(users.id, applicantId), eq(users.type, 'APPLICANT')))
          .for('update');
        if (!user) return null;
        const files = await tx
          .select({ storageKey: applicantPhotos.storageKey })
          .from(applicantPhotos)
          .where(eq(applicantPhotos.applicantId, applicantId));
        const chatRows = await tx
          .select({ organizationId: chats.organizationId })
          .from(chats)
          .where(eq(chats.applicantId, applicantId));
        // Password-reset tokens store the user id as value; recover-email tokens a JSON record with it.
        await tx
          .delete(authVerifications)
          .where(
            or(
              eq(authVerifications.value, applicantId),
              like(authVerifications.value, `%"userId":${JSON.stringify(applicantId)}%`),
            ),
          );
        await tx.delete(mailOutbox).where(eq(mailOutbox.to, user.email));
        await tx.delete(authUsers).where(eq(authUsers.id, applicantId));
        return {
          storageKeys: files.map((file) => file.storageKey),
          chatOrganizationIds: chatRows.map((row) => row.organizationId),
        };
      });
    },

    /** Removes the photo; returns its storage key, or null when it was not the applicant's. */
    async deletePhoto(applicantId: string, photoId: string): Promise<string | null> {
      const removed = await db
        .delete(applicantPhotos)
        .where(and(eq(applicantPhotos.id, photoId), eq(applicantPhotos.applicantId, applicantId)))
        .returning({ storageKey: applicantPhotos.storageKey });
      return removed[0]?.storageKey ?? null;
    },

    /** ACTIVE postings of ACTIVE organisations, filtered and paged; one query for the page, one for the total. */
    async listActiveVacancies(
      params: ActiveVacancyListParams,
    ): Promise<{ items: ActiveVacancyListRow[]; total: number }> {
      const conditions: SQL[] = [visibleToCandidates()];
      if (params.region) conditions.push(eq(organizations.region, params.region));
      if (params.applicantId)
        conditions.push(
          sql`not exists (select 1 from ${contactEnds} where ${contactEnds.applicantId} = ${params.applicantId} and ${contactEnds.organizationId} = ${vacancies.organizationId})`,
        );
      if (params.type) conditions.push(eq(vacancies.type, params.type));
      if (params.oldEnough) conditions.push(params.oldEnough);
      if (params.occupation) conditions.push(eq(vacancies.trainingOccupationName, params.occupation));
      if (params.search) {
        const pattern = `%${escapeLike(params.search)}%`;
        conditions.push(
          or(ilike(vacancies.title, pattern), ilike(organizations.name, pattern), ilike(vacancies.city, pattern))!,
        );
      }
      let distance: SQL<number | null> = sql<number | null>`null::double precision`;
      if (params.near) {
        const within = withinRadius(params.near);
        conditions.push(...within.conditions);
        distance = within.distance;
      }
      const where = and(...conditions);
      const direction = params.order === 'desc' ? desc : asc;
      const orderBy: SQL[] =
        params.sort === 'distance' && params.near
          ? [sql`${distance} ${sql.raw(params.order)}`, asc(vacancies.title)]
          : params.sort === 'title'
            ? [direction(vacancies.title)]
            : [direction(vacancies.createdAt)];
      const image = sql<
        string | null
      >`(select ${photos.id}::text from ${photos} where ${photos.vacancyId} = ${vacancies.id} order by ${photos.position}, ${photos.createdAt} limit 1)`;
      const [items, totals] = await Promise.all([
        db
          .select({
            id: vacancies.id,
            title: vacancies.title,
            type: vacancies.type,
            organizationId: organizations.id,
            organizationName: organizations.name,
            organizationRegion: organizations.region,
            city: vacancies.city,
            zipCode: vacancies.zipCode,
            start: vacancies.start,
            descriptionExcerpt: vacancies.descriptionExcerpt,
            image,
            distanceKm: distance,
            minAge: vacancies.minAge,
          })
          .from(vacancies)
          .innerJoin(organizations, eq(organizations.id, vacancies.organizationId))
          .where(where)
          .orderBy(...orderBy, asc(vacancies.id))
          .limit(params.pageSize)
          .offset(params.page * params.pageSize),
        db
          .select({ total: count() })
          .from(vacancies)
          .innerJoin(organizations, eq(organizations.id, vacancies.organizationId))
          .where(where),
      ]);
      return {
        items: items.map((item) => ({
          ...item,
          distanceKm: item.distanceKm === null ? null : Number(item.distanceKm),
        })),
        total: Number(totals[0]?.total ?? 0),
      };
    },

    /** True when the posting is ACTIVE and its organisation too (what candidates may see). */
    async isVacancyVisible(vacancyId: string): Promise<boolean> {
      const rows = await db
        .select({ id: vacancies.id })
        .from(vacancies)
        .innerJoin(organizations, eq(organizations.id, vacancies.organizationId))
        .where(and(eq(vacancies.id, vacancyId), visibleToCandidates()))
        .limit(1);
      return rows.length > 0;
    },

    /** A candidate looked at a posting: one row per candidate, posting and (Berlin) day. */
    async recordVacancyView(vacancyId: string, applicantId: string, day: string): Promise<void> {
      await db.insert(vacancyViews).values({ vacancyId, applicantId, day }).onConflictDoNothing();
    },

    /** A photo of a visible posting (for the candidate app). */
    findVisibleVacancyPhoto(
      vacancyId: string,
      photoId: string,
    ): Promise<{ storageKey: string; mimeType: string } | null> {
      return findVisibleVacancyPhoto(db, vacancyId, photoId);
    },
  };
}

export type ApplicantsRepository = ReturnType<typeof createApplicantsRepository>;
