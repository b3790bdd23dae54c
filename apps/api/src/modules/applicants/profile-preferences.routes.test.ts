import type { ApplicantProfile, CandidateFeedResponse, OrganizationMatchingsResponse } from '@matchwerk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorHeaders, bearer, createSessionToken, createTestUser, type ActorName } from '../../testing/actors';
import { insertVacancy } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** The candidate's profile preferences (issue 46 item 8, ADR 0100): what the feed starts from, what employers see. */
let testApp: TestApp;
let headers: Record<ActorName, Record<string, string>>;
let organizationId: string;
const now = new Date('2031-06-01T10:00:00Z');

async function newCandidate() {
  const { id } = await createTestUser(testApp, { type: 'APPLICANT' });
  return { id, headers: bearer(await createSessionToken(testApp, id)) };
}

const interest = (as: Record<string, string>, payload: Record<string, unknown>) =>
  testApp.app.inject({ method: 'POST', url: '/rest/applicant/matchings', headers: as, payload });

const posting = (values: Parameters<typeof insertVacancy>[2] = {}) =>
  insertVacancy(testApp.database.db, organizationId, { title: 'Sorgfalt Testanzeige', active: true, ...values });

beforeAll(async () => {
  testApp = await createTestApp({ clock: () => now });
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

describe('the profile preferences', () => {
  it('stores home postcode, wanted types and fields, available from and up to three strengths; employers see no postcode', async () => {
    const candidate = await newCandidate();
    const profile = {
      names: ['Pia'],
      familyNames: ['Profil'],
      zipCode: '25980',
      wantedTypes: ['INTERNSHIP', 'HOLIDAY_JOB'],
      wantedFields: ['Zweiradmechatroniker/in'],
      availableFrom: '2031-07-01',
      strengths: ['HANDS_ON', 'RELIABLE', 'TEAMWORK'],
    };
    const put = await testApp.app.inject({
      method: 'PUT',
      url: '/rest/applicant/profile',
      headers: candidate.headers,
      payload: profile,
    });
    expect(put.statusCode, put.body).toBe(200);
    const own = (
      await testApp.app.inject({ method: 'GET', url: '/rest/applicant/profile', headers: candidate.headers })
    ).json<ApplicantProfile>();
    expect(own).toMatchObject({
      zipCode: '25980',
      wantedTypes: ['INTERNSHIP', 'HOLIDAY_JOB'],
      wantedFields: ['Zweiradmechatroniker/in'],
      availableFrom: '2031-07-01',
      strengths: ['HANDS_ON', 'RELIABLE', 'TEAMWORK'],
    });

    // The feed starts from the profile: its postcode (Sylt, far from the seeded postings) is the centre, its wishes the filters.
    const wanted = await posting({
      type: 'INTERNSHIP',
      trainingOccupationName: 'Zweiradmechatroniker/in',
      lat: 54.49,
      lng: 8.95,
    });
    const holiday = await posting({ type: 'HOLIDAY_JOB', trainingOccupationName: null, lat: 54.5, lng: 8.96 });
    await posting({ type: 'APPRENTICESHIP', trainingOccupationName: 'Zweiradmechatroniker/in', lat: 54.49, lng: 8.95 });
    await posting({ type: 'INTERNSHIP', trainingOccupationName: 'Koch/Köchin', lat: 54.49, lng: 8.95 });
    const feed = await testApp.app.inject({
      method: 'GET',
      url: '/rest/applicant/feed?distanceKm=5',
      headers: candidate.headers,
    });
    expect(feed.statusCode, feed.body).toBe(200);
    const body = feed.json<CandidateFeedResponse>();
    expect(body.centre?.source).toBe('profile');
    expect(body.items.map((item) => item.id).sort()).toEqual([wanted, holiday].sort());

    // The employer sees the strengths and wishes with the interest, never the postcode.
    expect((await interest(candidate.headers, { vacancyId: wanted })).statusCode).toBe(201);
    const list = await testApp.app.inject({
      method: 'GET',
      url: `/rest/matching/organization?state=OPEN&vacancyId=${wanted}`,
      headers: headers.organisationOwn,
    });
    const applicant = list.json<OrganizationMatchingsResponse>().open[0]!.applicant as Record<string, unknown>;
    expect(applicant).toMatchObject({ strengths: ['HANDS_ON', 'RELIABLE', 'TEAMWORK'], availableFrom: '2031-07-01' });
    expect(applicant).not.toHaveProperty('zipCode');
  });

  it('refuses four strengths, an unknown strength, an unknown postcode and unknown fields', async () => {
    const candidate = await newCandidate();
    const base = { names: ['Pia'], familyNames: ['Profil'] };
    for (const [extra, pattern] of [
      [{ strengths: ['HANDS_ON', 'RELIABLE', 'TEAMWORK', 'CREATIVE'] }, /höchstens 3 Stärken/],
      [{ strengths: ['ZAUBERN'] }, /Stärke aus der Liste/],
      [{ strengths: ['CREATIVE', 'CREATIVE'] }, /Jede Stärke nur einmal/],
      [{ zipCode: '00000' }, /Postleitzahl kennen wir nicht/],
      [{ lieblingsfarbe: 'blau' }, /unbekannte Felder: lieblingsfarbe/],
    ] as const) {
      const response = await testApp.app.inject({
        method: 'PUT',
        url: '/rest/applicant/profile',
        headers: candidate.headers,
        payload: { ...base, ...extra },
      });
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.body, JSON.stringify(extra)).toMatch(pattern);
    }
  });
});
