/**
 * What the fuzzer needs from a seeded database: real ids to put into paths and bodies, and
 * Bearer sessions for one account per role (renewed, because fuzzed requests sign out, revoke
 * sessions and delete accounts).
 */
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  applicantPhotos,
  applicantProfiles,
  authSessions,
  authUsers,
  organizations,
  photos,
  users,
  vacancies,
} from '../../db/schema/index';
import { DEMO_PASSWORD } from '../../seed/demo-data';
import type { KnownValues } from './schema-arbitrary';

/** The roles the fuzzer sends requests as, by demo account. */
export const FUZZ_ACTOR_EMAILS: Record<string, string> = {
  applicant: 'bewerberin@matchwerk.example',
  organisation: 'firma@matchwerk.example',
  partner: 'partner@matchwerk.example',
  statistics: 'statistik@matchwerk.example',
  admin: 'admin@matchwerk.example',
};
export const FUZZ_ACTORS = ['anonymous', ...Object.keys(FUZZ_ACTOR_EMAILS)] as const;

export async function knownValuesOf(db: Database): Promise<KnownValues> {
  const [organizationIds, vacancyIds, photoIds, applicantPhotoIds, userIds, applicantIds, emails] = await Promise.all([
    db.select({ id: organizations.id }).from(organizations).limit(20),
    db.select({ id: vacancies.id }).from(vacancies).limit(30),
    db.select({ id: photos.id }).from(photos).limit(20),
    db.select({ id: applicantPhotos.id }).from(applicantPhotos).limit(20),
    db.select({ id: users.id }).from(users).limit(20),
    db.select({ id: applicantProfiles.userId }).from(applicantProfiles).limit(20),
    db.select({ email: authUsers.email }).from(authUsers).limit(20),
  ]);
  const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
  const organization = ids(organizationIds);
  const vacancy = ids(vacancyIds);
  const photo = [...ids(photoIds), ...ids(applicantPhotoIds)];
  const user = ids(userIds);
  const applicant = ids(applicantIds);
  return {
    id: [...organization, ...vacancy],
    organizationId: organization,
    vacancyId: vacancy,
    photoId: photo,
    userId: user,
    applicantId: applicant,
    email: emails.map((row) => row.email),
    password: [DEMO_PASSWORD],
    currentPassword: [DEMO_PASSWORD],
  };
}

export interface FuzzActors {
  headersFor: (actor: string) => Record<string, string>;
  /** New sessions for every actor whose account still exists. */
  refresh: () => Promise<void>;
}

export async function createFuzzActors(db: Database): Promise<FuzzActors> {
  const headers = new Map<string, Record<string, string>>();
  async function refresh(): Promise<void> {
    const rows = await db
      .select({ id: authUsers.id, email: authUsers.email })
      .from(authUsers)
      .where(inArray(authUsers.email, Object.values(FUZZ_ACTOR_EMAILS)));
    headers.clear();
    const now = new Date();
    for (const [actor, email] of Object.entries(FUZZ_ACTOR_EMAILS)) {
      const userId = rows.find((row) => row.email === email)?.id;
      if (!userId) continue;
      // Fuzzed sign-outs revoke these sessions; old ones are dropped so the table stays small.
      await db.delete(authSessions).where(eq(authSessions.userId, userId));
      const token = randomBytes(24).toString('base64url');
      await db.insert(authSessions).values({
        id: crypto.randomUUID(),
        token,
        userId,
        expiresAt: new Date(now.getTime() + 86_400_000),
        createdAt: now,
        updatedAt: now,
      });
      headers.set(actor, { authorization: `Bearer ${token}` });
    }
  }
  await refresh();
  return { headersFor: (actor) => headers.get(actor) ?? {}, refresh };
}
