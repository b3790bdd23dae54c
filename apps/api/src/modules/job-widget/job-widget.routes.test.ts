/**
 * The job widget's public endpoints through the real app (PGlite; PostgreSQL with
 * TEST_DATABASE_URL): what an employer's website may show — active postings of a released,
 * active organisation, nothing personal — readable from any origin, cacheable with ETag/304.
 */
import { JOB_WIDGET_MESSAGES, POSTING_TYPE_LABELS, publicPostingPath, type JobWidgetResponse } from '@matchwerk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users, vacancies } from '../../db/schema/index';
import { ACTOR_EMAILS, actorHeaders, type ActorName } from '../../testing/actors';
import { insertOrganization, insertVacancy } from '../../testing/fixtures';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../testing/test-app';

let testApp: TestApp;
let headers: Record<ActorName, Record<string, string>>;
let ownOrganizationId: string;

const widgetUrl = (organizationId: string) => `/rest/public/organizations/${organizationId}/job-widget`;
const get = (url: string, extra: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers: { origin: 'https://www.firma-website.example', ...extra } });

async function widget(organizationId = ownOrganizationId): Promise<JobWidgetResponse> {
  const response = await get(widgetUrl(organizationId));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<JobWidgetResponse>();
}

/** A released, active organisation with one active and one inactive posting. */
async function organizationWithPostings(name: string) {
  const id = await insertOrganization(testApp.database.db, { name, region: 'SINDELFINGEN' });
  await testApp.database.db
    .update(organizations)
    .set({
      approvedAt: new Date(),
      contactName: 'Petra Privat',
      contactPhone: '0170 1234567',
      contactMail: 'petra@privat.example',
    })
    .where(eq(organizations.id, id));
  const active = await insertVacancy(testApp.database.db, id, {
    active: true,
    title: 'Ausbildung Kauffrau für Büromanagement',
    type: 'APPRENTICESHIP',
    start: '2027-09-01',
    contactPhone: '07031 999',
  });
  const inactive = await insertVacancy(testApp.database.db, id, { active: false, title: 'Praktikum Entwurf' });
  return { id, active, inactive };
}

beforeAll(async () => {
  testApp = await createTestApp();
  headers = await actorHeaders(testApp);
  const [own] = await testApp.database.db
    .select({ organizationId: users.organizationId })
    .from(users)
    .where(eq(users.id, await testApp.userIdOf(ACTOR_EMAILS.organisationOwn)));
  ownOrganizationId = own!.organizationId!;
});

afterAll(async () => {
  await testApp?.close();
});

describe('GET /rest/public/organizations/:organizationId/job-widget', () => {
  it('lists exactly the visible postings of the demo company with German type labels, absolute links to /stellen/<id> and image URLs', async () => {
    const body = await widget();
    const visible = await testApp.database.db
      .select({ id: vacancies.id, active: vacancies.active })
      .from(vacancies)
      .where(eq(vacancies.organizationId, ownOrganizationId));
    expect(body.postings.map((posting) => posting.id).sort()).toEqual(
      visible
        .filter((row) => row.active)
        .map((row) => row.id)
        .sort(),
    );
    // The demo company has inactive postings too: the filter is exercised.
    expect(body.postings.length).toBeGreaterThan(0);
    expect(visible.some((row) => !row.active)).toBe(true);
    expect(body.organization.name).toBe('Schwabenwerk Präzisionstechnik GmbH');
    expect(body.organization.logoUrl).toMatch(
      new RegExp(`^${TEST_PUBLIC_URL}/rest/public/organizations/${ownOrganizationId}/job-widget/images/[0-9a-f-]{36}$`),
    );
    for (const posting of body.postings) {
      expect(posting.url).toBe(`${TEST_PUBLIC_URL}${publicPostingPath(posting.id)}`);
      expect(posting.typeLabel).toBe(POSTING_TYPE_LABELS[posting.type]);
    }
    expect(body.postings.some((posting) => posting.imageUrl !== null)).toBe(true);
  });

  it('leaves out inactive postings, and carries no personal data: only the public fields', async () => {
    const { id, active, inactive } = await organizationWithPostings('Widget Test GmbH');
    const response = await get(widgetUrl(id));
    expect(response.statusCode).toBe(200);
    const body = response.json<JobWidgetResponse>();
    expect(body).toEqual({
      organization: { name: 'Widget Test GmbH', logoUrl: null },
      postings: [
        {
          id: active,
          title: 'Ausbildung Kauffrau für Büromanagement',
          type: 'APPRENTICESHIP',
          typeLabel: 'Ausbildung',
          city: 'Sindelfingen',
          start: '2027-09-01',
          imageUrl: null,
          url: `${TEST_PUBLIC_URL}/stellen/${active}`,
        },
      ],
    });
    expect(response.body).not.toContain(inactive);
    for (const personal of ['Petra', '0170', 'privat.example', 'Tessa Test', '07031 999'])
      expect(response.body).not.toContain(personal);
  });

  it('answers 404 with a German message for inactive, waiting, deleted and unknown organisations', async () => {
    const inactive = await organizationWithPostings('Widget Inaktiv GmbH');
    await testApp.database.db.update(organizations).set({ active: false }).where(eq(organizations.id, inactive.id));
    const waiting = await insertOrganization(testApp.database.db, {
      name: 'Widget Wartet GmbH',
      region: 'SINDELFINGEN',
    });
    await testApp.database.db
      .update(organizations)
      .set({ active: false, approvedAt: null })
      .where(eq(organizations.id, waiting));
    await insertVacancy(testApp.database.db, waiting, { active: true });
    const deleted = await organizationWithPostings('Widget Gelöscht GmbH');
    await testApp.database.db.delete(organizations).where(eq(organizations.id, deleted.id));

    for (const id of [inactive.id, waiting, deleted.id, '00000000-0000-4000-8000-000000000000', 'kein-unternehmen']) {
      const response = await get(widgetUrl(id));
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: JOB_WIDGET_MESSAGES.notFound });
      // The widget reads the 404 cross-origin and shows its quiet error state; nothing is cached.
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers an over-long id with a German 400', async () => {
    const response = await get(widgetUrl('x'.repeat(65)));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/[äöüß]|Eingaben|Adresse|zu lang/i);
  });

  it('is readable from any origin without credentials, cacheable for five minutes, and never sets a cookie', async () => {
    const response = await get(widgetUrl(ownOrganizationId), headers.organisationOwn);
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['set-cookie']).toBeUndefined();
    // Signed in or not: the same public answer.
    const anonymous = await get(widgetUrl(ownOrganizationId));
    expect(anonymous.body).toBe(response.body);
    expect(anonymous.headers.etag).toBe(response.headers.etag);
  });

  it('answers 304 without a body for the current ETag and a new ETag once a posting goes offline', async () => {
    const { id, active } = await organizationWithPostings('Widget Cache GmbH');
    const first = await get(widgetUrl(id));
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);

    const unchanged = await get(widgetUrl(id), { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);
    expect(unchanged.headers['cache-control']).toBe('public, max-age=300');
    expect((await get(widgetUrl(id), { 'if-none-match': `"anderes", W/${etag}` })).statusCode).toBe(304);
    expect((await get(widgetUrl(id), { 'if-none-match': '"anderes"' })).statusCode).toBe(200);

    await testApp.database.db.update(vacancies).set({ active: false }).where(eq(vacancies.id, active));
    const changed = await get(widgetUrl(id), { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<JobWidgetResponse>().postings).toEqual([]);
  });
});

describe('GET /rest/public/organizations/:organizationId/job-widget/images/:photoId', () => {
  it('serves the logo and posting photos the widget names, publicly and cross-origin', async () => {
    const body = await widget();
    for (const url of [body.organization.logoUrl, body.postings.find((posting) => posting.imageUrl)?.imageUrl]) {
      const response = await get(new URL(url!).pathname);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\//);
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      expect(response.rawPayload.length).toBeGreaterThan(100);
      expect((await get(new URL(url!).pathname, { 'if-none-match': String(response.headers.etag) })).statusCode).toBe(
        304,
      );
    }
  });

  it('refuses photos of inactive postings and of other organisations', async () => {
    const body = await widget();
    const posting = body.postings.find((entry) => entry.imageUrl)!;
    const path = new URL(posting.imageUrl!).pathname;
    const photoId = path.split('/').at(-1)!;
    const otherOrganizationId = await insertOrganization(testApp.database.db, {
      name: 'Widget Fremd GmbH',
      region: 'SINDELFINGEN',
    });
    const foreign = await get(`/rest/public/organizations/${otherOrganizationId}/job-widget/images/${photoId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: JOB_WIDGET_MESSAGES.imageNotFound });

    await testApp.database.db.update(vacancies).set({ active: false }).where(eq(vacancies.id, posting.id));
    const hidden = await get(path);
    expect(hidden.statusCode).toBe(404);
    expect((await widget()).postings.map((entry) => entry.id)).not.toContain(posting.id);
    await testApp.database.db.update(vacancies).set({ active: true }).where(eq(vacancies.id, posting.id));
    expect((await get(path)).statusCode).toBe(200);
    expect((await get(`/rest/public/organizations/${ownOrganizationId}/job-widget/images/kein-bild`)).statusCode).toBe(
      404,
    );
  });
});
