// @database-sensitive: the demo data npm start writes
/** The demo marketplace as the first seed leaves it (the test template is seeded like a fresh demo). */
import { and, asc, eq, inArray, notLike } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantPhotos, applicantProfiles, chats, matchings, messages } from '../db/schema/marketplace';
import { users } from '../db/schema/users';
import { authUsers } from '../db/schema/auth';
import { vacancies } from '../db/schema/vacancies';
import { ACTOR_EMAILS } from '../testing/actors';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createDiskBlobStorage } from '../modules/images/blob-storage';
import { ACTIVITY_EMAIL_DOMAIN } from './demo-activity';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp?.close();
});

describe('demo marketplace', () => {
  it('has realistic candidates aged 15–22 with profiles, and generated avatars (WebP files in storage)', async () => {
    const db = testApp.database.db;
    const candidates = await db
      .select({
        id: users.id,
        names: applicantProfiles.names,
        familyNames: applicantProfiles.familyNames,
        dateOfBirth: applicantProfiles.dateOfBirth,
        school: applicantProfiles.school,
      })
      .from(users)
      .innerJoin(applicantProfiles, eq(applicantProfiles.userId, users.id))
      .innerJoin(authUsers, eq(authUsers.id, users.id))
      // The statistics' season of candidates (demo-activity.ts) has its own test.
      .where(and(eq(users.type, 'APPLICANT'), notLike(authUsers.email, `%@${ACTIVITY_EMAIL_DOMAIN}`)));
    expect(candidates.length).toBeGreaterThanOrEqual(26);
    const now = Date.now();
    for (const candidate of candidates) {
      expect(candidate.names.length).toBeGreaterThan(0);
      expect(candidate.familyNames.length).toBeGreaterThan(0);
      const age = (now - new Date(candidate.dateOfBirth!).getTime()) / (365.25 * 24 * 3600 * 1000);
      // 14 and 15: the demo's young candidates (issue 46 item 10); the generated ones are 15–22.
      expect(age).toBeGreaterThanOrEqual(14);
      expect(age).toBeLessThanOrEqual(23);
      expect(candidate.school).toMatch(/Sindelfingen|Böblingen|Maichingen|Lichtenfels/);
    }
    const avatars = await db
      .select()
      .from(applicantPhotos)
      .where(
        inArray(
          applicantPhotos.applicantId,
          candidates.map((candidate) => candidate.id),
        ),
      );
    expect(avatars.length).toBeGreaterThan(10);
    const file = await createDiskBlobStorage(testApp.uploadDir).get(avatars[0]!.storageKey);
    expect((await sharp(file!).metadata()).format).toBe('webp');
  });

  it('gives the demo applicant a profile', async () => {
    const id = await testApp.userIdOf(ACTOR_EMAILS.applicant);
    const [profile] = await testApp.database.db
      .select()
      .from(applicantProfiles)
      .where(eq(applicantProfiles.userId, id));
    expect(profile).toMatchObject({ names: ['Berit'], familyNames: ['Bewerberin'] });
  });

  it('has matchings in all three states for both demo companies, and a chat with history for every accepted one', async () => {
    const db = testApp.database.db;
    for (const email of [ACTOR_EMAILS.organisationOwn, ACTOR_EMAILS.organisationOther]) {
      const [owner] = await db
        .select({ organizationId: users.organizationId })
        .from(users)
        .where(eq(users.id, await testApp.userIdOf(email)));
      const organizationId = owner!.organizationId!;
      const rows = await db
        .select({ state: matchings.state, applicantId: matchings.applicantId })
        .from(matchings)
        .innerJoin(vacancies, eq(vacancies.id, matchings.vacancyId))
        .where(eq(vacancies.organizationId, organizationId));
      expect(new Set(rows.map((row) => row.state))).toEqual(new Set(['OPEN', 'ACCEPTED', 'REJECTED']));
      for (const accepted of rows.filter((row) => row.state === 'ACCEPTED')) {
        const [chat] = await db
          .select()
          .from(chats)
          .where(and(eq(chats.organizationId, organizationId), eq(chats.applicantId, accepted.applicantId)));
        expect(chat).toBeDefined();
        const history = await db
          .select()
          .from(messages)
          .where(eq(messages.chatId, chat!.id))
          .orderBy(asc(messages.seq));
        expect(history[0]?.sender).toBe('SYSTEM');
        expect(history.length).toBeGreaterThanOrEqual(3);
        expect(chat!.lastMessageSeq).toBe(history.length);
        expect(history.map((message) => message.seq)).toEqual(history.map((_, index) => index + 1));
        for (const [index, message] of history.entries()) {
          expect(message.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
          if (index > 0)
            expect(message.createdAt.getTime()).toBeGreaterThanOrEqual(history[index - 1]!.createdAt.getTime());
        }
      }
    }
  });
});
