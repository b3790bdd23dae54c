/**
 * Rich text through the real routes (PGlite, and PostgreSQL with TEST_DATABASE_URL): every
 * element the editor writes is stored and served unchanged, and list excerpts are plain text
 * without markup in the web list and the candidate API — also for rows stored earlier.
 */
import { RICH_TEXT_EDITOR_SAMPLES, type Vacancy } from '@matchwerk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorHeaders, type ActorName } from '../../testing/actors';
import { insertVacancy, vacancyInput } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

let testApp: TestApp;
let headers: Record<ActorName, Record<string, string>>;
let organizationId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  headers = await actorHeaders(testApp);
  organizationId = (
    await testApp.app.inject({ method: 'GET', url: '/rest/users/current-user', headers: headers.organisationOwn })
  ).json<{ organizationId: string }>().organizationId;
});

afterAll(async () => {
  await testApp?.close();
});

async function createVacancy(overrides: Record<string, unknown>): Promise<Vacancy> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/rest/vacancy/${organizationId}`,
    headers: headers.organisationOwn,
    payload: vacancyInput(overrides),
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ vacancy: Vacancy }>().vacancy;
}

async function excerptsOf(vacancyId: string): Promise<string[]> {
  await testApp.app.inject({
    method: 'PUT',
    url: `/rest/vacancy/${vacancyId}/activate`,
    headers: headers.organisationOwn,
  });
  const web = await testApp.app.inject({
    method: 'GET',
    url: '/rest/vacancy?pageSize=100&sort=updatedAt&order=desc',
    headers: headers.organisationOwn,
  });
  const candidate = await testApp.app.inject({
    method: 'GET',
    url: '/rest/applicant/vacancies?pageSize=100',
    headers: headers.applicant,
  });
  expect(web.statusCode).toBe(200);
  expect(candidate.statusCode).toBe(200);
  return [web, candidate].map((response) => {
    const item = response
      .json<{ items: { id: string; descriptionExcerpt: string }[] }>()
      .items.find((entry) => entry.id === vacancyId);
    expect(item).toBeDefined();
    return item!.descriptionExcerpt;
  });
}

describe('rich text through the API', () => {
  it('stores and serves everything the editor writes unchanged, so a re-save keeps the formatting', async () => {
    const description = RICH_TEXT_EDITOR_SAMPLES.map((sample) => sample.html).join('');
    const created = await createVacancy({ description, additionalBenefits: description });
    expect(created.description).toBe(description);
    expect(created.additionalBenefits).toBe(description);
    const resaved = await testApp.app.inject({
      method: 'PUT',
      url: `/rest/vacancy/${created.id}`,
      headers: headers.organisationOwn,
      payload: vacancyInput({ description: created.description }),
    });
    expect(resaved.statusCode).toBe(200);
    expect(resaved.json<{ vacancy: Vacancy }>().vacancy.description).toBe(description);
  });

  it('gives excerpts without markup when the text contained escaped tags', async () => {
    const created = await createVacancy({
      description:
        '<p>&lt;script&gt;alert(1)&lt;/script&gt; Wir suchen &lt;b&gt;Sie&lt;/b&gt; &amp; Ihr Team &lt;3</p>',
    });
    for (const excerpt of await excerptsOf(created.id)) {
      expect(excerpt).toBe('alert(1) Wir suchen Sie & Ihr Team <3');
    }
  });

  it('makes excerpts stored before this rule safe on the way out', async () => {
    const id = await insertVacancy(testApp.database.db, organizationId, {
      descriptionExcerpt: '<script>alert(1)</script><img src=x onerror=alert(2)>Alt',
    });
    for (const excerpt of await excerptsOf(id)) {
      expect(excerpt).toBe('alert(1)Alt');
      expect(excerpt).not.toMatch(/<[a-z/!?]/i);
    }
  });
});
