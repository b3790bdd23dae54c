import type { MatchingState, Region } from '@matchwerk/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { applicantProfiles, matchings, type MatchingRow } from '../../db/schema/marketplace';
import { organizations } from '../../db/schema/organizations';
import { vacancies } from '../../db/schema/vacancies';
import type { ProfileFields } from '../applicants/applicants.mapper';
import { applicantPhotoIdsSql, openChatInTransaction } from '../messages/messages.repository';

export interface OrganizationMatchingRow {
  vacancyId: string;
  vacancyTitle: string;
  applicantId: string;
  state: MatchingState;
  createdAt: Date;
  decidedAt: Date | null;
  profile: ProfileFields | null;
  photoIds: string[];
}

export interface ApplicantMatchingRow {
  vacancyId: string;
  vacancyTitle: string;
  organization: { id: string; name: string; region: Region };
  state: MatchingState;
  createdAt: Date;
  decidedAt: Date | null;
}

export type DecisionResult =
  | { kind: 'NOT_FOUND' }
  | { kind: 'FOREIGN' }
  | { kind: 'CONFLICT'; state: MatchingState }
  | { kind: 'DECIDED'; organizationId: string; chat: { version: number } | null };

export function createMatchingsRepository(db: Database) {
  const matchingKey = (vacancyId: string, applicantId: string) => and(eq(matchings.vacancyId, vacancyId), eq(matchings.applicantId, applicantId));

  async function findForOrganizationList(organizationId: string, only?: { vacancyId: string; applicantId: string }): Promise<OrganizationMatchingRow[]> {
    const where = only
      ? and(eq(vacancies.organizationId, organizationId), matchingKey(only.vacancyId, only.applicantId))
      : eq(vacancies.organizationId, organizationId);
    const rows = await db
      .select({
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
        photoIds: applicantPhotoIdsSql(matchings.applicantId),
      })
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
      profile: row.profileUserId
        ? {
            names: row.names,
            familyNames: row.familyNames,
            dateOfBirth: row.dateOfBirth,
            school: row.school,
            region: row.region,
            about: row.about,
            interests: row.interests,
          }
        : null,
      photoIds: row.photoIds,
    }));
  }

  return {
    /** All matchings on the organisation's postings with the candidates' profiles and photo ids, in ONE query. */
    listForOrganization: (organizationId: string) => findForOrganizationList(organizationId),

    async findOneForOrganization(organizationId: string, vacancyId: string, applicantId: string): Promise<OrganizationMatchingRow | null> {
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
          .set({ state: input.state, decidedAt: input.now, decidedBy: input.decidedBy })
          .where(matchingKey(input.vacancyId, input.applicantId));
        const chat =
          input.state === 'ACCEPTED'
            ? await openChatInTransaction(tx, { organizationId: input.organizationId, applicantId: input.applicantId, systemText: input.systemText, now: input.now })
            : null;
        return { kind: 'DECIDED', organizationId: current.organizationId, chat };
      });
    },

    /** Creates an OPEN matching; when one exists already, returns it untouched (`created: false`). */
    async createOpen(vacancyId: string, applicantId: string, now: Date): Promise<{ row: MatchingRow; created: boolean }> {
      const inserted = await db.insert(matchings).values({ vacancyId, applicantId, state: 'OPEN', createdAt: now }).onConflictDoNothing().returning();
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
      const [existing] = await db.select({ id: matchings.id }).from(matchings).where(matchingKey(vacancyId, applicantId)).limit(1);
      return existing ? 'DECIDED' : 'NOT_FOUND';
    },

    /** The candidate's matchings with posting title and organisation (one query). */
    async listForApplicant(applicantId: string, only?: string): Promise<ApplicantMatchingRow[]> {
      const rows = await db
        .select({
          vacancyId: matchings.vacancyId,
          vacancyTitle: vacancies.title,
          orgId: organizations.id,
          orgName: organizations.name,
          orgRegion: organizations.region,
          state: matchings.state,
          createdAt: matchings.createdAt,
          decidedAt: matchings.decidedAt,
        })
        .from(matchings)
        .innerJoin(vacancies, eq(vacancies.id, matchings.vacancyId))
        .innerJoin(organizations, eq(organizations.id, vacancies.organizationId))
        .where(only ? matchingKey(only, applicantId) : eq(matchings.applicantId, applicantId))
        .orderBy(desc(matchings.createdAt), asc(matchings.id));
      return rows.map(({ orgId, orgName, orgRegion, ...rest }) => ({ ...rest, organization: { id: orgId, name: orgName, region: orgRegion as Region } }));
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
