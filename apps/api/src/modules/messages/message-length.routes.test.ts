/**
 * Chat messages are never cut (issue #9): on both send routes a text of exactly
 * MESSAGE_MAX_LENGTH characters is stored whole, a longer one is refused with a German 400
 * and nothing is stored. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG } from '@matchwerk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chats, messages } from '../../db/schema/marketplace';
import { actorHeaders, bearer, createSessionToken, createTestUser, type ActorName } from '../../testing/actors';
import { insertVacancy } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

let testApp: TestApp;
let headers: Record<ActorName, Record<string, string>>;
let organizationId: string;
let applicantId: string;
let applicantHeaders: Record<string, string>;

function post(url: string, requestHeaders: Record<string, string>, text: string) {
  return testApp.app.inject({
    method: 'POST',
    url,
    headers: requestHeaders,
    payload: { text, clientMessageId: crypto.randomUUID() },
  });
}

beforeAll(async () => {
  testApp = await createTestApp();
  headers = await actorHeaders(testApp);
  organizationId = (
    await testApp.app.inject({ method: 'GET', url: '/rest/users/current-user', headers: headers.organisationOwn })
  ).json<{ organizationId: string }>().organizationId;
  const vacancyId = await insertVacancy(testApp.database.db, organizationId, { active: true, lat: 48.7, lng: 9.0 });
  const user = await createTestUser(testApp, { type: 'APPLICANT', name: 'Lena Lang' });
  applicantId = user.id;
  applicantHeaders = bearer(await createSessionToken(testApp, user.id));
  const profile = {
    names: ['Lena'],
    familyNames: ['Lang'],
    school: 'Realschule Horb',
    region: 'HORB',
    interests: ['Technik'],
  };
  expect(
    (
      await testApp.app.inject({
        method: 'PUT',
        url: '/rest/applicant/profile',
        headers: applicantHeaders,
        payload: profile,
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (
      await testApp.app.inject({
        method: 'POST',
        url: '/rest/applicant/matchings',
        headers: applicantHeaders,
        payload: { vacancyId },
      })
    ).statusCode,
  ).toBe(201);
  const accepted = await testApp.app.inject({
    method: 'POST',
    url: '/rest/matching/organization/set-result',
    headers: headers.organisationOwn,
    payload: { vacancyId, applicantId, organizationResult: 'ACCEPTED', organizationId },
  });
  expect(accepted.statusCode).toBeLessThan(300);
});

afterAll(async () => {
  await testApp?.close();
});

async function storedTexts(): Promise<string[]> {
  const rows = await testApp.database.db
    .select({ text: messages.text })
    .from(messages)
    .innerJoin(chats, eq(chats.id, messages.chatId))
    .where(eq(chats.applicantId, applicantId));
  return rows.map((row) => row.text);
}

describe('message length', () => {
  const routes = () => [
    { side: 'organisation', url: `/rest/messages/${applicantId}`, headers: headers.organisationOwn, letter: 'o' },
    {
      side: 'candidate',
      url: `/rest/applicant/chats/${organizationId}/messages`,
      headers: applicantHeaders,
      letter: 'c',
    },
  ];

  it('stores a message of exactly the limit whole, from both sides', async () => {
    for (const route of routes()) {
      const text = route.letter.repeat(MESSAGE_MAX_LENGTH);
      const response = await post(route.url, route.headers, text);
      expect(response.statusCode, route.side).toBe(201);
      expect(response.json<{ text: string }>().text).toBe(text);
      expect(await storedTexts()).toContain(text);
    }
  });

  it('refuses one character more with a German 400 and stores nothing, from both sides', async () => {
    for (const route of routes()) {
      const before = await storedTexts();
      const response = await post(route.url, route.headers, `${route.letter.repeat(MESSAGE_MAX_LENGTH)}!`);
      expect(response.statusCode, route.side).toBe(400);
      expect(JSON.stringify(response.json())).toContain(MESSAGE_TOO_LONG);
      expect(MESSAGE_TOO_LONG).toBe('Eine Nachricht darf höchstens 4.000 Zeichen lang sein.');
      expect(await storedTexts()).toEqual(before);
    }
  });
});
