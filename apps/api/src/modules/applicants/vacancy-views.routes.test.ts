import type { VacancyListResponse } from '@matchwerk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchings, vacancyViews } from '../../db/schema/marketplace';
import { actorHeaders, bearer, createSessionToken, createTestUser, type ActorName } from '../../testing/actors';
import { insertVacancy } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

let testApp: TestApp;
let headers: Record<ActorName, Record<string, string>>;
let now = new Date('2031-05-10T21:30:00Z'); // 23:30 in Berlin
let vacancyId: string;
let otherVacancyId: string;
let candidates: { id: string; headers: Record<string, string> }[];

async function newCandidate() {
  const { id } = await createTestUser(testApp, { type: 'APPLICANT' });
  return { id, headers: bearer(await createSessionToken(testApp, id)) };
}

const view = (id: string, as: Record<string, string>) =>
  testApp.app.inject({ method: 'GET', url: `/rest/applicant/vacancies/${id}`, headers: as });

async function viewRows(id: string) {
  const rows = await testApp.database.db
    .select()
    .from(vacancyViews)
    .where(sql`${vacancyViews.vacancyId} = ${id}`);
  return rows.map((row) => `${row.applicantId === candidates[0]!.id ? 'first' : 'second'} ${row.day}`).sort();
}

beforeAll(async () => {
  testApp = await createTestApp({ clock: () => now });
  headers = await actorHeaders(testApp);
  const me = await testApp.app.inject({
    method: 'GET',
    url: '/rest/users/current-user',
    headers: headers.organisationOwn,
  });
  const organizationId = me.json<{ organizationId: string }>().organizationId;
  vacancyId = await insertVacancy(testApp.database.db, organizationId, { title: 'Aufrufe Testanzeige', active: true });
  otherVacancyId = await insertVacancy(testApp.database.db, organizationId, {
    title: 'Aufrufe Zweitanzeige',
    active: true,
  });
  candidates = [await newCandidate(), await newCandidate()];
});

afterAll(async () => {
  await testApp.close();
});

describe('posting views through the candidate API', () => {
  it('records one view per candidate, posting and Berlin day; another day and another candidate count again', async () => {
    const [first, second] = candidates as [(typeof candidates)[0], (typeof candidates)[0]];
    expect((await view(vacancyId, first.headers)).statusCode).toBe(200);
    expect((await view(vacancyId, first.headers)).statusCode).toBe(200);
    // 23:30 UTC is already the next day in Berlin.
    now = new Date('2031-05-10T22:30:00Z');
    expect((await view(vacancyId, first.headers)).statusCode).toBe(200);
    expect((await view(vacancyId, second.headers)).statusCode).toBe(200);
    expect(await viewRows(vacancyId)).toEqual(['first 2031-05-10', 'first 2031-05-11', 'second 2031-05-11']);
    expect(await viewRows(otherVacancyId)).toEqual([]);
  });

  it('an unknown or inactive posting records nothing (404)', async () => {
    const inactiveId = await insertVacancy(
      testApp.database.db,
      (
        await testApp.app.inject({ method: 'GET', url: '/rest/users/current-user', headers: headers.organisationOwn })
      ).json<{ organizationId: string }>().organizationId,
      { active: false },
    );
    expect((await view(inactiveId, candidates[0]!.headers)).statusCode).toBe(404);
    expect(await viewRows(inactiveId)).toEqual([]);
  });

  it('the candidate still gets the posting when recording fails', async () => {
    const db = testApp.database.db;
    await db.execute(
      sql`alter table vacancy_views add constraint test_refuse_views check (day < '2000-01-01') not valid`,
    );
    try {
      now = new Date('2031-05-12T10:00:00Z');
      const response = await view(otherVacancyId, candidates[0]!.headers);
      expect(response.statusCode).toBe(200);
      expect(response.json<{ title: string }>().title).toBe('Aufrufe Zweitanzeige');
      expect(await viewRows(otherVacancyId)).toEqual([]);
    } finally {
      await db.execute(sql`alter table vacancy_views drop constraint test_refuse_views`);
    }
  });

  it('the postings list shows views, interest and accepted per posting, for the organisation and its partner', async () => {
    await testApp.database.db.insert(matchings).values([
      { vacancyId, applicantId: candidates[0]!.id, state: 'ACCEPTED', decidedAt: now },
      { vacancyId, applicantId: candidates[1]!.id, state: 'OPEN' },
      { vacancyId: otherVacancyId, applicantId: candidates[1]!.id, state: 'REJECTED', decidedAt: now },
    ]);
    for (const actor of ['organisationOwn', 'partnerInRegion', 'admin'] as const) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/rest/vacancy?search=Aufrufe&sort=title&order=asc',
        headers: headers[actor],
      });
      expect(response.statusCode, actor).toBe(200);
      const items = response
        .json<VacancyListResponse>()
        .items.map(({ title, views, interest, accepted }) => ({ title, views, interest, accepted }));
      expect(items, actor).toEqual([
        { title: 'Aufrufe Testanzeige', views: 3, interest: 2, accepted: 1 },
        { title: 'Aufrufe Zweitanzeige', views: 0, interest: 1, accepted: 0 },
      ]);
    }
  });
});
