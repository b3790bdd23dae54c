// @database-sensitive: keyset paging, distances and anti-joins in SQL
import type { CandidateFeedResponse } from '@matchwerk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorHeaders, bearer, createSessionToken, createTestUser } from '../../testing/actors';
import { insertVacancy } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

let testApp: TestApp;
let organizationId: string;
/** Sindelfingen (71063) and Berlin (10115), roughly. */
const SINDELFINGEN = { lat: 48.7133, lng: 9.0028 };
const BERLIN = { lat: 52.532, lng: 13.3849 };

async function newCandidate() {
  const { id } = await createTestUser(testApp, { type: 'APPLICANT' });
  return { id, headers: bearer(await createSessionToken(testApp, id)) };
}

function get(url: string, headers: Record<string, string>) {
  return testApp.app.inject({ method: 'GET', url, headers });
}

async function feed(query: string, headers: Record<string, string>): Promise<CandidateFeedResponse> {
  const response = await get(`/rest/applicant/feed?${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CandidateFeedResponse>();
}

let seq = 0;
/** A visible posting with its own occupation, so each test reads only its own postings. */
function posting(occupation: string, values: Parameters<typeof insertVacancy>[2] = {}) {
  seq += 1;
  return insertVacancy(testApp.database.db, organizationId, {
    title: `Feed ${occupation} ${seq}`,
    trainingOccupationName: occupation,
    active: true,
    ...SINDELFINGEN,
    createdAt: new Date(Date.UTC(2030, 0, 1, 0, 0, seq)),
    ...values,
  });
}

beforeAll(async () => {
  testApp = await createTestApp();
  const headers = await actorHeaders(testApp);
  const me = await get('/rest/users/current-user', headers.organisationOwn);
  organizationId = me.json<{ organizationId: string }>().organizationId;
});

afterAll(async () => {
  await testApp.close();
});

describe('GET /rest/applicant/feed', () => {
  it('pages newest first by cursor without duplicates or gaps while postings are added', async () => {
    const candidate = await newCandidate();
    const ids: string[] = [];
    for (let index = 0; index < 7; index++) ids.push(await posting('Paging-Beruf'));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: CandidateFeedResponse = await feed(
        `occupation=Paging-Beruf&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        candidate.headers,
      );
      seen.push(...page.items.map((item) => item.id));
      // New postings (newest of all) and one with the same second as an existing one arrive mid-way.
      if (pages === 0) {
        await posting('Paging-Beruf', { createdAt: new Date() });
        await posting('Paging-Beruf', { createdAt: new Date(Date.UTC(2030, 0, 1, 0, 0, 1)) });
      }
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(new Set(seen).size).toBe(seen.length);
    // The first page was read before the additions; every posting older than it is still seen once.
    expect(seen.filter((id) => ids.includes(id))).toEqual([...ids].reverse());
    expect(pages).toBe(3);
  });

  it('filters by several types, occupation, start and distance around coordinates or a postcode', async () => {
    const candidate = await newCandidate();
    const internship = await posting('Filter-Beruf', { type: 'INTERNSHIP', start: '2031-03-01' });
    const holiday = await posting('Filter-Beruf', { type: 'HOLIDAY_JOB', start: '2031-07-01' });
    const apprenticeship = await posting('Filter-Beruf', { type: 'APPRENTICESHIP', start: '2031-09-01' });
    const berlin = await posting('Filter-Beruf', { type: 'INTERNSHIP', ...BERLIN, start: null });
    const ids = async (query: string) =>
      (await feed(`occupation=Filter-Beruf&${query}`, candidate.headers)).items.map((item) => item.id).sort();

    expect(await ids('type=INTERNSHIP&type=HOLIDAY_JOB')).toEqual([internship, holiday, berlin].sort());
    expect(await ids('type=INTERNSHIP,HOLIDAY_JOB&startFrom=2031-02-01&startTo=2031-06-30')).toEqual([internship]);
    expect(await ids(`lat=${BERLIN.lat}&lng=${BERLIN.lng}&distanceKm=10`)).toEqual([berlin]);
    expect(await ids('zipCode=71063&distanceKm=10')).toEqual([internship, holiday, apprenticeship].sort());
    const nearest = await feed(
      `occupation=Filter-Beruf&sort=nearest&lat=${BERLIN.lat}&lng=${BERLIN.lng}&distanceKm=200`,
      candidate.headers,
    );
    expect(nearest.items.map((item) => item.id)).toEqual([berlin]);
    expect(nearest.centre).toEqual({ ...BERLIN, source: 'coordinates' });
    const byStart = await feed('occupation=Filter-Beruf&sort=start', candidate.headers);
    expect(byStart.items.map((item) => item.id)).toEqual([internship, holiday, apprenticeship, berlin]);
    expect((await feed('occupation=Anderer-Beruf', candidate.headers)).items).toEqual([]);
  });

  it('leaves out what the candidate acted on, unless asked, and tells myState on every posting', async () => {
    const candidate = await newCandidate();
    const [interested, dismissed, fresh] = [
      await posting('Stand-Beruf'),
      await posting('Stand-Beruf'),
      await posting('Stand-Beruf'),
    ];
    // The deck shows the daily limit: none used yet, one after the interest (a dismissal does not count).
    expect((await feed('occupation=Stand-Beruf', candidate.headers)).interestsToday).toEqual({
      used: 0,
      perDay: 1000, // the test app's cap (testing/test-app.ts)
    });
    const interest = await testApp.app.inject({
      method: 'POST',
      url: '/rest/applicant/matchings',
      headers: candidate.headers,
      payload: { vacancyId: interested },
    });
    expect(interest.statusCode).toBe(201);
    const dismissal = await testApp.app.inject({
      method: 'POST',
      url: `/rest/applicant/dismissals/${dismissed}`,
      headers: candidate.headers,
    });
    expect(dismissal.statusCode).toBe(200);
    expect(dismissal.json()).toMatchObject({ vacancyId: dismissed, myState: 'dismissed' });

    const afterwards = await feed('occupation=Stand-Beruf', candidate.headers);
    expect(afterwards.items.map((item) => [item.id, item.myState])).toEqual([[fresh, 'none']]);
    expect(afterwards.interestsToday).toEqual({ used: 1, perDay: 1000 });
    const all = await feed('occupation=Stand-Beruf&includeActedOn=true', candidate.headers);
    expect(all.items.map((item) => [item.id, item.myState])).toEqual([
      [fresh, 'none'],
      [dismissed, 'dismissed'],
      [interested, 'interested'],
    ]);
    // The other candidate lists and the detail carry myState too.
    const list = await get('/rest/applicant/vacancies?search=Feed%20Stand-Beruf&pageSize=50', candidate.headers);
    const states = Object.fromEntries(
      list.json<{ items: { id: string; myState: string }[] }>().items.map((item) => [item.id, item.myState]),
    );
    expect(states).toMatchObject({ [interested]: 'interested', [dismissed]: 'dismissed', [fresh]: 'none' });
    const detail = await get(`/rest/applicant/vacancies/${interested}`, candidate.headers);
    expect(detail.json<{ myState: string }>().myState).toBe('interested');

    // Another candidate sees all three as new.
    const other = await newCandidate();
    expect((await feed('occupation=Stand-Beruf', other.headers)).items).toHaveLength(3);
  });

  it('"nicht interessiert" is undone by DELETE; unknown postings and repeated undos are 404', async () => {
    const candidate = await newCandidate();
    const id = await posting('Undo-Beruf');
    const url = `/rest/applicant/dismissals/${id}`;
    const post = () => testApp.app.inject({ method: 'POST', url, headers: candidate.headers });
    const remove = () => testApp.app.inject({ method: 'DELETE', url, headers: candidate.headers });
    expect((await post()).statusCode).toBe(200);
    expect((await post()).statusCode).toBe(200);
    expect((await feed('occupation=Undo-Beruf', candidate.headers)).items).toEqual([]);
    expect((await remove()).statusCode).toBe(204);
    expect((await feed('occupation=Undo-Beruf', candidate.headers)).items.map((item) => item.myState)).toEqual([
      'none',
    ]);
    const again = await remove();
    expect(again.statusCode).toBe(404);
    expect(again.json<{ message: string }>().message).toMatch(/nicht als „Nicht interessiert“/);
    const unknown = await testApp.app.inject({
      method: 'POST',
      url: `/rest/applicant/dismissals/${crypto.randomUUID()}`,
      headers: candidate.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 304 to a matching If-None-Match on every candidate list, 200 with a new ETag after a change', async () => {
    const candidate = await newCandidate();
    const id = await posting('Etag-Beruf');
    for (const url of [
      '/rest/applicant/feed?occupation=Etag-Beruf',
      '/rest/applicant/vacancies',
      '/rest/applicant/matchings',
      '/rest/applicant/chats',
    ]) {
      const first = await get(url, candidate.headers);
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(first.headers['cache-control'], url).toBe('private, no-cache');
      const again = await get(url, { ...candidate.headers, 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
    }
    const before = (await get('/rest/applicant/feed?occupation=Etag-Beruf', candidate.headers)).headers.etag as string;
    await testApp.app.inject({ method: 'POST', url: `/rest/applicant/dismissals/${id}`, headers: candidate.headers });
    const after = await get('/rest/applicant/feed?occupation=Etag-Beruf', {
      ...candidate.headers,
      'if-none-match': before,
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
  });

  it('refuses bad input with a German 400: unknown parameters, foreign cursors, nearest without a place', async () => {
    const candidate = await newCandidate();
    await posting('Fehler-Beruf');
    await posting('Fehler-Beruf');
    const expect400 = async (url: string, pattern: RegExp) => {
      const response = await get(url, candidate.headers);
      expect(response.statusCode, url).toBe(400);
      expect(JSON.stringify(response.json()), url).toMatch(pattern);
    };
    await expect400('/rest/applicant/feed?radius=5', /unbekannte Felder: radius/);
    await expect400('/rest/applicant/feed?cursor=kaputt', /Cursor ist ungültig/);
    await expect400('/rest/applicant/feed?sort=nearest', /brauchen wir einen Ort/);
    await expect400('/rest/applicant/feed?lat=48.7', /Breiten- und Längengrad zusammen/);
    await expect400('/rest/applicant/feed?limit=51', /Höchstens 50/);
    await expect400('/rest/applicant/feed?type=ROBOTER', /Art/);
    const first = await feed('occupation=Fehler-Beruf&limit=1', candidate.headers);
    await expect400(
      `/rest/applicant/feed?occupation=Fehler-Beruf&sort=start&cursor=${first.nextCursor}`,
      /anderen Sortierung/,
    );
    // The existing candidate routes are strict too.
    await expect400('/rest/applicant/vacancies?foo=1', /unbekannte Felder: foo/);
    await expect400('/rest/applicant/profile?foo=1', /unbekannte Felder: foo/);
    await expect400('/rest/applicant/matchings?foo=1', /unbekannte Felder: foo/);
    await expect400('/rest/applicant/chats?foo=1', /unbekannte Felder: foo/);
    const put = await testApp.app.inject({
      method: 'PUT',
      url: '/rest/applicant/profile',
      headers: candidate.headers,
      payload: { names: ['Tessa'], familyNames: ['Test'], hobby: 'Reiten' },
    });
    expect(put.statusCode).toBe(400);
    expect(put.body).toMatch(/unbekannte Felder: hobby/);
  });

  it('filters the existing postings list by occupation (it was silently ignored)', async () => {
    const candidate = await newCandidate();
    const wanted = await posting('Listen-Beruf');
    await posting('Listen-Anderer-Beruf');
    const response = await get('/rest/applicant/vacancies?occupation=Listen-Beruf&pageSize=50', candidate.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ items: { id: string }[] }>().items.map((item) => item.id)).toEqual([wanted]);
  });
});
