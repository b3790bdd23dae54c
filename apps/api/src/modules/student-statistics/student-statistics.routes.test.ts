// @database-sensitive: date ranges and aggregates in SQL
import type { Region, StudentStatistics } from '@matchwerk/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUsers } from '../../db/schema/auth';
import { applicantProfiles, chats, matchings, messages, vacancyViews } from '../../db/schema/marketplace';
import { users } from '../../db/schema/users';
import { actorHeaders, bearer, createSessionToken, createTestUser, type ActorName } from '../../testing/actors';
import { insertOrganization, insertVacancy } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * Hand-computed fixture (period 2030-01-01 … 2030-03-31, Berlin). The demo candidates are
 * removed first, so every number below comes from these rows:
 *  SINDELFINGEN
 *   6 × Goldberg-Gymnasium, registered 10 Jan, born 2013-04-01 (16 at 31 Mar), APPRENTICESHIP+INTERNSHIP;
 *       #1–#5 viewed a posting on 1 Feb and got an ACCEPTED matching decided 10 Feb;
 *       #6 got one accepted only on 2 Apr (after the period) and viewed only on 1 Apr.
 *   5 × Realschule Calw, registered 15 Feb, born 2011-03-31 (19 on the last day), APPRENTICESHIP;
 *       #1 showed interest (OPEN matching) on 1 Mar.
 *   2 × no school ("  " and null), registered 31 Dec 2029 23:30 Berlin (before the period), no birth date, no interests;
 *       #1 has a chat opened 20 Jan and wrote a message then.
 *   1 × Goldberg-Gymnasium registered 31 Mar 23:30 Berlin (still in the period), born 2011-04-01 (18), INTERNSHIP.
 *   1 × registered 1 Apr 00:30 Berlin (after the period: not counted at all).
 *  HORB: 2 candidates registered 10 Jan.   LICHTENFELS: 3 candidates registered 10 Jan.
 */
let testApp: TestApp;
let headers: Record<ActorName, Record<string, string>>;
let twoRegionPartner: Record<string, string>;
const period = 'from=2030-01-01&to=2030-03-31';

async function addCandidate(values: {
  region: Region;
  createdAt: string;
  school?: string | null;
  dateOfBirth?: string | null;
  interests?: string[];
}): Promise<string> {
  const { id } = await createTestUser(testApp, { type: 'APPLICANT' });
  const db = testApp.database.db;
  await db
    .update(users)
    .set({ createdAt: new Date(values.createdAt) })
    .where(eq(users.id, id));
  await db.insert(applicantProfiles).values({
    userId: id,
    region: values.region,
    school: values.school ?? null,
    dateOfBirth: values.dateOfBirth ?? null,
    interests: values.interests ?? [],
  });
  return id;
}

async function times<T>(n: number, make: () => Promise<T>): Promise<T[]> {
  const result: T[] = [];
  for (let i = 0; i < n; i += 1) result.push(await make());
  return result;
}

async function get(query: string, as: Record<string, string>) {
  return testApp.app.inject({ method: 'GET', url: `/rest/student-statistics?${query}`, headers: as });
}

beforeAll(async () => {
  testApp = await createTestApp();
  headers = await actorHeaders(testApp);
  const db = testApp.database.db;
  const seeded = await db.select({ id: users.id }).from(users).where(eq(users.type, 'APPLICANT'));
  if (seeded.length > 0)
    await db.delete(authUsers).where(
      inArray(
        authUsers.id,
        seeded.map((row) => row.id),
      ),
    );

  const partner = await createTestUser(testApp, { type: 'REGIONAL_PARTNER', regions: ['SINDELFINGEN', 'HORB'] });
  twoRegionPartner = bearer(await createSessionToken(testApp, partner.id));

  const organizationId = await insertOrganization(db, { name: 'Statistik Test GmbH', region: 'SINDELFINGEN' });
  const vacancyId = await insertVacancy(db, organizationId, { active: true });

  const goldberg = await times(6, () =>
    addCandidate({
      region: 'SINDELFINGEN',
      createdAt: '2030-01-10T10:00:00Z',
      school: 'Goldberg-Gymnasium',
      dateOfBirth: '2013-04-01',
      interests: ['APPRENTICESHIP', 'INTERNSHIP'],
    }),
  );
  const realschule = await times(5, () =>
    addCandidate({
      region: 'SINDELFINGEN',
      createdAt: '2030-02-15T10:00:00Z',
      school: 'Realschule Calw',
      dateOfBirth: '2011-03-31',
      interests: ['APPRENTICESHIP'],
    }),
  );
  const noSchool = [
    await addCandidate({ region: 'SINDELFINGEN', createdAt: '2029-12-31T22:30:00Z', school: '  ' }),
    await addCandidate({ region: 'SINDELFINGEN', createdAt: '2029-12-31T22:30:00Z', school: null }),
  ];
  await addCandidate({
    region: 'SINDELFINGEN',
    createdAt: '2030-03-31T21:30:00Z',
    school: 'Goldberg-Gymnasium',
    dateOfBirth: '2011-04-01',
    interests: ['INTERNSHIP'],
  });
  await addCandidate({
    region: 'SINDELFINGEN',
    createdAt: '2030-03-31T22:30:00Z',
    school: 'Goldberg-Gymnasium',
    interests: ['APPRENTICESHIP'],
  });
  await times(2, () => addCandidate({ region: 'HORB', createdAt: '2030-01-10T10:00:00Z', school: 'Horber Schule' }));
  await times(3, () =>
    addCandidate({ region: 'LICHTENFELS', createdAt: '2030-01-10T10:00:00Z', school: 'Lichtenfelser Schule' }),
  );

  const early = goldberg.slice(0, 5);
  const late = goldberg[5]!;
  await db
    .insert(vacancyViews)
    .values([
      ...early.map((applicantId) => ({ vacancyId, applicantId, day: '2030-02-01' })),
      { vacancyId, applicantId: late, day: '2030-04-01' },
    ]);
  await db.insert(matchings).values([
    ...early.map((applicantId) => ({
      vacancyId,
      applicantId,
      state: 'ACCEPTED' as const,
      createdAt: new Date('2029-12-01T10:00:00Z'),
      decidedAt: new Date('2030-02-10T10:00:00Z'),
    })),
    {
      vacancyId,
      applicantId: late,
      state: 'ACCEPTED' as const,
      createdAt: new Date('2029-12-01T10:00:00Z'),
      decidedAt: new Date('2030-04-02T10:00:00Z'),
    },
    { vacancyId, applicantId: realschule[0]!, state: 'OPEN' as const, createdAt: new Date('2030-03-01T10:00:00Z') },
  ]);
  const [chat] = await db
    .insert(chats)
    .values({
      organizationId,
      applicantId: noSchool[0]!,
      createdAt: new Date('2030-01-20T10:00:00Z'),
      lastMessageSeq: 1,
    })
    .returning({ id: chats.id });
  await db.insert(messages).values({
    chatId: chat!.id,
    seq: 1,
    sender: 'APPLICANT',
    senderUserId: noSchool[0]!,
    text: 'Hallo',
    createdAt: new Date('2030-01-20T10:05:00Z'),
  });
});

afterAll(async () => {
  await testApp.close();
});

describe('GET /rest/student-statistics', () => {
  it('aggregates the candidates of the partner region, every count of 1–4 as "LT5"', async () => {
    const response = await get(period, headers.partnerInRegion);
    expect(response.statusCode).toBe(200);
    const body = response.json<StudentStatistics>();
    expect(body.period).toEqual({ from: '2030-01-01', to: '2030-03-31' });
    expect(body.regions).toEqual(['SINDELFINGEN']);
    expect(body.selectableRegions).toEqual(['SINDELFINGEN']);
    expect(body.registered).toBe(14);
    expect(body.registeredInPeriod).toBe(12);
    // 5 viewed, 1 showed interest, 1 wrote a message; #6 acted only after the period.
    expect(body.active).toBe(7);
    expect(body.matched).toEqual({ candidates: 5, share: 5 / 14, withheld: null });
    expect(body.withChat).toEqual({ candidates: 'LT5', share: null, withheld: 'SMALL_GROUP' });
    expect(body.bySchool).toEqual([
      { school: 'Goldberg-Gymnasium', candidates: 7 },
      { school: 'Realschule Calw', candidates: 5 },
      { school: 'ohne Angabe', candidates: 'LT5' },
    ]);
    expect(body.byAgeBand).toEqual([
      { band: 'UNDER_15', candidates: 0 },
      { band: 'AGE_15_16', candidates: 6 },
      { band: 'AGE_17_18', candidates: 'LT5' },
      { band: 'AGE_19_21', candidates: 5 },
      { band: 'AGE_22_PLUS', candidates: 0 },
      { band: 'UNKNOWN', candidates: 'LT5' },
    ]);
    expect(body.byInterest).toEqual([
      { type: 'APPRENTICESHIP', candidates: 11 },
      { type: 'INTERNSHIP', candidates: 7 },
      { type: 'DUAL_STUDY', candidates: 0 },
      { type: 'HOLIDAY_JOB', candidates: 0 },
      { type: 'VOLUNTARY_SERVICE', candidates: 0 },
    ]);
    expect(body.registeredByMonth).toEqual([
      { month: '2030-01', candidates: 6 },
      { month: '2030-02', candidates: 5 },
      { month: '2030-03', candidates: 'LT5' },
    ]);
    expect(JSON.stringify(body)).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it('bands the age at the period end: a day later the Goldberg six turn 17 and the 18-year-old turns 19', async () => {
    const body = (await get('from=2030-01-01&to=2030-04-01', headers.partnerInRegion)).json<StudentStatistics>();
    // The candidate registered at 00:30 on 1 April now counts too (no birth date: UNKNOWN).
    expect(body.registered).toBe(15);
    expect(body.byAgeBand.find((row) => row.band === 'AGE_15_16')?.candidates).toBe(0);
    expect(body.byAgeBand.find((row) => row.band === 'AGE_17_18')?.candidates).toBe(6);
    expect(body.byAgeBand.find((row) => row.band === 'AGE_19_21')?.candidates).toBe(6);
    expect(body.byAgeBand.find((row) => row.band === 'UNKNOWN')?.candidates).toBe('LT5');
    expect(body.registeredByMonth.map((row) => row.month)).toEqual(['2030-01', '2030-02', '2030-03', '2030-04']);
    // #6 viewed on 1 April: active now.
    expect(body.active).toBe(8);
  });

  it('a partner with two regions sees both, or one of them; a foreign region is refused', async () => {
    const both = (await get(period, twoRegionPartner)).json<StudentStatistics>();
    expect(both.regions).toEqual(['SINDELFINGEN', 'HORB']);
    expect(both.registered).toBe(16);
    const horb = (await get(`${period}&region=HORB`, twoRegionPartner)).json<StudentStatistics>();
    expect(horb.registered).toBe('LT5');
    expect(horb.matched).toEqual({ candidates: 0, share: null, withheld: 'SMALL_GROUP' });
    expect(horb.bySchool).toEqual([{ school: 'Horber Schule', candidates: 'LT5' }]);
    expect((await get(`${period}&region=LICHTENFELS`, twoRegionPartner)).statusCode).toBe(403);
    expect((await get(`${period}&region=HORB`, headers.partnerInRegion)).statusCode).toBe(403);
  });

  it('an empty period: zeros, every month, shares withheld for want of candidates', async () => {
    const body = (await get('from=2020-11-15&to=2021-01-10', headers.partnerInRegion)).json<StudentStatistics>();
    expect(body.registered).toBe(0);
    expect(body.active).toBe(0);
    expect(body.matched).toEqual({ candidates: 0, share: null, withheld: 'NO_CANDIDATES' });
    expect(body.bySchool).toEqual([]);
    expect(body.registeredByMonth).toEqual([
      { month: '2020-11', candidates: 0 },
      { month: '2020-12', candidates: 0 },
      { month: '2021-01', candidates: 0 },
    ]);
  });

  it('only SINDELFINGEN partners: Lichtenfels partner, admin, statistics user and organisations 403, anonymous 401 (applicants: authorization table)', async () => {
    for (const actor of ['partnerOutOfRegion', 'admin', 'statistics', 'organisationOwn'] as const) {
      expect((await get(period, headers[actor])).statusCode, actor).toBe(403);
    }
    expect((await get(period, headers.anonymous)).statusCode).toBe(401);
  });

  it('refuses a reversed or missing period with a German message', async () => {
    const reversed = await get('from=2030-03-01&to=2030-01-01', headers.partnerInRegion);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain('Das Ende des Zeitraums darf nicht vor seinem Beginn liegen.');
    expect((await get('from=2030-03-01', headers.partnerInRegion)).statusCode).toBe(400);
  });
});
