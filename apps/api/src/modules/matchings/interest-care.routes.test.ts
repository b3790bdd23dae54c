import type { OrganizationMatchingsResponse } from '@matchwerk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorHeaders, bearer, createSessionToken, createTestUser, type ActorName } from '../../testing/actors';
import { insertVacancy } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** Interest with care (issue 46 item 5, ADR 0100): a note to the employer and a daily cap. */
let testApp: TestApp;
let headers: Record<ActorName, Record<string, string>>;
let organizationId: string;
// 22:30 UTC on 10 May is 00:30 on 11 May in Berlin (summer time).
let now = new Date('2031-05-10T12:00:00Z');
const CAP = 3;

async function newCandidate() {
  const { id } = await createTestUser(testApp, { type: 'APPLICANT' });
  return { id, headers: bearer(await createSessionToken(testApp, id)) };
}

const interest = (as: Record<string, string>, payload: Record<string, unknown>) =>
  testApp.app.inject({ method: 'POST', url: '/rest/applicant/matchings', headers: as, payload });

const posting = (values: Parameters<typeof insertVacancy>[2] = {}) =>
  insertVacancy(testApp.database.db, organizationId, { title: 'Sorgfalt Testanzeige', active: true, ...values });

beforeAll(async () => {
  testApp = await createTestApp({ clock: () => now, rateLimits: { interestsPerDay: CAP } });
  headers = await actorHeaders(testApp);
  const me = await testApp.app.inject({
    method: 'GET',
    url: '/rest/users/current-user',
    headers: headers.organisationOwn,
  });
  organizationId = me.json<{ organizationId: string }>().organizationId;
});

afterAll(async () => {
  await testApp.close();
});

describe('interest with a note', () => {
  it('stores the trimmed note as plain text and shows it to the employer and the candidate', async () => {
    const candidate = await newCandidate();
    const vacancyId = await posting();
    const note = '  Ich bastle gern an Fahrrädern <b>und</b> mag Technik.  ';
    const response = await interest(candidate.headers, { vacancyId, note });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ note: string }>().note).toBe(note.trim());
    const list = await testApp.app.inject({
      method: 'GET',
      url: `/rest/matching/organization?state=OPEN&vacancyId=${vacancyId}`,
      headers: headers.organisationOwn,
    });
    expect(list.statusCode, list.body).toBe(200);
    const open = list.json<OrganizationMatchingsResponse>().open;
    expect(open.map((matching) => [matching.applicantId, matching.note])).toEqual([[candidate.id, note.trim()]]);
  });

  it('refuses a note over 500 characters and unknown fields with a German 400; blank is no note', async () => {
    const candidate = await newCandidate();
    const vacancyId = await posting();
    const long = await interest(candidate.headers, { vacancyId, note: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('höchstens 500 Zeichen');
    const unknown = await interest(candidate.headers, { vacancyId, message: 'Hallo' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('unbekannte Felder: message');
    const blank = await interest(candidate.headers, { vacancyId, note: '   ' });
    expect(blank.statusCode).toBe(201);
    expect(blank.json<{ note: string | null }>().note).toBeNull();
  });
});

describe('the daily cap on interest', () => {
  it('answers the next new interest of the day with a friendly 429 until midnight in Berlin', async () => {
    now = new Date('2031-05-10T12:00:00Z');
    const candidate = await newCandidate();
    const ids = [await posting(), await posting(), await posting(), await posting()];
    for (const vacancyId of ids.slice(0, CAP))
      expect((await interest(candidate.headers, { vacancyId })).statusCode).toBe(201);
    const refused = await interest(candidate.headers, { vacancyId: ids[CAP] });
    expect(refused.statusCode).toBe(429);
    // 12:00 UTC is 14:00 in Berlin: ten hours to midnight.
    expect(refused.headers['retry-after']).toBe(String(10 * 3600));
    expect(refused.json<{ message: string }>().message).toMatch(/schon 3-mal Interesse gezeigt.*Morgen ab 0:00 Uhr/);
    // Repeating an interest already shown is no new one.
    expect((await interest(candidate.headers, { vacancyId: ids[0] })).statusCode).toBe(200);
    // 22:30 UTC is already the next day in Berlin.
    now = new Date('2031-05-10T22:30:00Z');
    expect((await interest(candidate.headers, { vacancyId: ids[CAP] })).statusCode).toBe(201);
  });
});
