/**
 * Conditional requests on the two records edited in forms: GET/PUT /rest/vacancy/{id} and
 * GET/PUT /rest/organization/{id} answer an ETag; a PUT with a stale If-Match gets 412 and
 * writes nothing; of two PUTs with the same If-Match exactly one wins. PGlite, and PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
import {
  BENEFIT_LABELS,
  ERROR_MESSAGES,
  type CurrentUser,
  type Organization,
  type Vacancy,
  type VacancySaveResponse,
} from '@matchwerk/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, vacancies } from '../db/schema/index';
import { createOrganizationsRepository } from '../modules/organizations/organizations.repository';
import { createVacanciesRepository } from '../modules/vacancies/vacancies.repository';
import { actorHeaders, type ActorName } from '../testing/actors';
import { vacancyInput } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { makeImage, multipartBody } from '../testing/uploads';

let testApp: TestApp;
let headers: Record<ActorName, Record<string, string>>;
let ownOrganizationId: string;

beforeAll(async () => {
  testApp = await createTestApp({ geocoder: { geocode: () => Promise.resolve({ lat: 48.7, lng: 9.017 }) } });
  headers = await actorHeaders(testApp);
  const me = await testApp.app.inject({
    method: 'GET',
    url: '/rest/users/current-user',
    headers: headers.organisationOwn,
  });
  ownOrganizationId = me.json<CurrentUser>().organizationId!;
});
afterAll(async () => {
  await testApp?.close();
});

const inject = (options: InjectOptions) => testApp.app.inject(options);

async function createVacancy(): Promise<Vacancy> {
  const response = await inject({
    method: 'POST',
    url: `/rest/vacancy/${ownOrganizationId}`,
    headers: headers.organisationOwn,
    payload: vacancyInput(),
  });
  expect(response.statusCode).toBe(201);
  return response.json<VacancySaveResponse>().vacancy;
}

function putVacancy(id: string, overrides: Record<string, unknown>, ifMatch?: string) {
  return inject({
    method: 'PUT',
    url: `/rest/vacancy/${id}`,
    headers: { ...headers.organisationOwn, ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
    payload: vacancyInput(overrides),
  });
}

async function storedVacancy(id: string) {
  const [row] = await testApp.database.db.select().from(vacancies).where(eq(vacancies.id, id));
  return row!;
}

describe('vacancy: ETag and If-Match', () => {
  it('GET answers the version as strong ETag; a PUT with it saves and answers the next version', async () => {
    const created = await createVacancy();
    const get = await inject({ method: 'GET', url: `/rest/vacancy/${created.id}`, headers: headers.organisationOwn });
    expect(get.statusCode).toBe(200);
    const { version } = get.json<Vacancy>();
    expect(get.headers.etag).toBe(`"${version}"`);

    const put = await putVacancy(created.id, { title: 'Neuer Titel' }, get.headers.etag);
    expect(put.statusCode).toBe(200);
    const saved = put.json<VacancySaveResponse>().vacancy;
    expect(saved).toMatchObject({ title: 'Neuer Titel', version: version + 1 });
    expect(put.headers.etag).toBe(`"${version + 1}"`);
  });

  it('a stale If-Match gets 412 with the German message, and nothing is written', async () => {
    const created = await createVacancy();
    const stale = `"${created.version}"`;
    expect((await putVacancy(created.id, { title: 'Erste Änderung' }, stale)).statusCode).toBe(200);

    const refused = await putVacancy(created.id, { title: 'Zweite Änderung' }, stale);
    expect(refused.statusCode).toBe(412);
    expect(refused.json()).toEqual({ code: 'PRECONDITION_FAILED', message: ERROR_MESSAGES.PRECONDITION_FAILED });
    expect(ERROR_MESSAGES.PRECONDITION_FAILED).toContain('inzwischen von jemand anderem geändert');
    const row = await storedVacancy(created.id);
    expect(row.title).toBe('Erste Änderung');
    expect(row.version).toBe(created.version + 1);
  });

  it('of two PUTs with the same If-Match exactly one wins, the other gets 412', async () => {
    const created = await createVacancy();
    const etag = `"${created.version}"`;
    const [first, second] = await Promise.all([
      putVacancy(created.id, { title: 'Tab A' }, etag),
      putVacancy(created.id, { title: 'Tab B' }, etag),
    ]);
    const codes = [first.statusCode, second.statusCode].sort();
    expect(codes).toEqual([200, 412]);
    const winner = first.statusCode === 200 ? 'Tab A' : 'Tab B';
    const row = await storedVacancy(created.id);
    expect(row).toMatchObject({ title: winner, version: created.version + 1 });
  });

  it('the compare-and-set is one statement: concurrent repository updates with one expected version, one wins', async () => {
    const created = await createVacancy();
    const repo = createVacanciesRepository(testApp.database.db);
    const results = await Promise.all(
      ['A', 'B', 'C', 'D'].map((title) => repo.update(created.id, { title }, new Date(), [created.version])),
    );
    expect(results.filter((result) => result !== 'STALE' && result !== null)).toHaveLength(1);
    expect(results.filter((result) => result === 'STALE')).toHaveLength(3);
    expect((await storedVacancy(created.id)).version).toBe(created.version + 1);
    expect(await repo.update('00000000-0000-4000-8000-000000000000', { title: 'x' }, new Date(), [1])).toBeNull();
  });

  it('without If-Match (other API clients) and with * the PUT saves unconditionally; weak or foreign tags never match', async () => {
    const created = await createVacancy();
    expect((await putVacancy(created.id, { title: 'Ohne Bedingung' })).statusCode).toBe(200);
    expect((await putVacancy(created.id, { title: 'Stern' }, '*')).statusCode).toBe(200);
    const current = (await storedVacancy(created.id)).version;
    expect((await putVacancy(created.id, { title: 'Schwach' }, `W/"${current}"`)).statusCode).toBe(412);
    expect((await putVacancy(created.id, { title: 'Fremd' }, '"abc"')).statusCode).toBe(412);
    expect((await putVacancy(created.id, { title: 'Liste' }, `"1000", "${current}"`)).statusCode).toBe(200);
    expect((await storedVacancy(created.id)).title).toBe('Liste');
  });

  it('a stale If-Match on someone else’s or an unknown posting still answers as before (no existence leak through 412)', async () => {
    const created = await createVacancy();
    const foreign = await inject({
      method: 'PUT',
      url: `/rest/vacancy/${created.id}`,
      headers: { ...headers.organisationOther, 'if-match': '"999"' },
      payload: vacancyInput(),
    });
    expect([403, 404]).toContain(foreign.statusCode);
    const unknown = await putVacancy('00000000-0000-4000-8000-000000000000', {}, '"1"');
    expect(unknown.statusCode).toBe(404);
  });

  it('activating, deactivating and photo changes raise the version and answer the new ETag', async () => {
    const created = await createVacancy();
    const activated = await inject({
      method: 'PUT',
      url: `/rest/vacancy/${created.id}/activate`,
      headers: headers.organisationOwn,
    });
    expect(activated.statusCode).toBe(200);
    expect(activated.json<Vacancy>().version).toBe(created.version + 1);
    expect(activated.headers.etag).toBe(`"${created.version + 1}"`);
    const deactivated = await inject({
      method: 'PUT',
      url: `/rest/vacancy/${created.id}/deactivate`,
      headers: headers.organisationOwn,
    });
    expect(deactivated.json<Vacancy>().version).toBe(created.version + 2);

    const body = multipartBody(await makeImage('png'), { filename: 'a.png', contentType: 'image/png' });
    const upload = await inject({
      method: 'POST',
      url: `/rest/vacancy/${created.id}/photos`,
      headers: { ...headers.organisationOwn, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(201);
    expect((await storedVacancy(created.id)).version).toBe(created.version + 3);

    // The editor's stale copy (before activation) is refused.
    expect((await putVacancy(created.id, { title: 'Alt' }, `"${created.version}"`)).statusCode).toBe(412);
  });
});

describe('vacancy: benefits the posting type does not offer', () => {
  it('are refused with their German names, not dropped silently; nothing is written', async () => {
    const created = await createVacancy();
    // VACATION_30 belongs to apprenticeships, not to internships.
    const response = await putVacancy(
      created.id,
      { type: 'INTERNSHIP', benefits: ['TAKEOVER', 'VACATION_30'] },
      `"${created.version}"`,
    );
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; fieldErrors: Record<string, string> }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fieldErrors.benefits).toContain(BENEFIT_LABELS.VACATION_30);
    expect(body.fieldErrors.benefits).toContain('Praktikum');
    expect(body.fieldErrors.benefits).not.toContain(BENEFIT_LABELS.TAKEOVER);
    const row = await storedVacancy(created.id);
    expect(row).toMatchObject({
      type: 'APPRENTICESHIP',
      benefits: ['TAKEOVER', 'VACATION_30'],
      version: created.version,
    });

    const created2 = await inject({
      method: 'POST',
      url: `/rest/vacancy/${ownOrganizationId}`,
      headers: headers.organisationOwn,
      payload: vacancyInput({ type: 'HOLIDAY_JOB', benefits: ['PENSION'] }),
    });
    expect(created2.statusCode).toBe(400);

    // An internship asks for no training occupation, training start or pay per training year (posting-fields.ts).
    const fitting = await putVacancy(
      created.id,
      {
        type: 'INTERNSHIP',
        benefits: ['TAKEOVER', 'CERTIFICATE'],
        trainingOccupationName: null,
        startOfTraining: null,
        compensation: { salaryPerTrainingYear: [], additionalCompensation: 'Tarif' },
      },
      `"${created.version}"`,
    );
    expect(fitting.statusCode).toBe(200);
    expect(fitting.json<VacancySaveResponse>().vacancy.benefits).toEqual(['TAKEOVER', 'CERTIFICATE']);
  });
});

const profileInput = (overrides: Record<string, unknown> = {}) => ({
  name: 'Schwabenwerk Präzisionstechnik GmbH',
  region: 'SINDELFINGEN',
  employeeCount: 250,
  branch: 'Maschinenbau',
  about: 'Über uns',
  contactName: 'Sabine Keller',
  contactPhone: '07031 123450',
  contactMail: 'ausbildung@schwabenwerk.example',
  links: {
    website: 'www.schwabenwerk.example',
    dataProtection: null,
    linkedin: null,
    xing: null,
    instagram: null,
    facebook: null,
  },
  ...overrides,
});

function putOrganization(overrides: Record<string, unknown>, ifMatch?: string) {
  return inject({
    method: 'PUT',
    url: `/rest/organization/${ownOrganizationId}`,
    headers: { ...headers.organisationOwn, ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
    payload: profileInput(overrides),
  });
}

async function storedOrganization() {
  const [row] = await testApp.database.db.select().from(organizations).where(eq(organizations.id, ownOrganizationId));
  return row!;
}

describe('organisation: ETag and If-Match', () => {
  it('GET answers the ETag; a current If-Match saves, a stale one gets 412 and writes nothing', async () => {
    const get = await inject({
      method: 'GET',
      url: `/rest/organization/${ownOrganizationId}`,
      headers: headers.organisationOwn,
    });
    expect(get.statusCode).toBe(200);
    const { version } = get.json<Organization>();
    expect(get.headers.etag).toBe(`"${version}"`);

    const saved = await putOrganization({ branch: 'Erste Branche' }, `"${version}"`);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Organization>()).toMatchObject({ branch: 'Erste Branche', version: version + 1 });
    expect(saved.headers.etag).toBe(`"${version + 1}"`);

    const refused = await putOrganization({ branch: 'Zweite Branche' }, `"${version}"`);
    expect(refused.statusCode).toBe(412);
    expect(refused.json<{ code: string }>().code).toBe('PRECONDITION_FAILED');
    expect(await storedOrganization()).toMatchObject({ branch: 'Erste Branche', version: version + 1 });
  });

  it('of two PUTs with the same If-Match exactly one wins', async () => {
    const { version } = await storedOrganization();
    const [first, second] = await Promise.all([
      putOrganization({ branch: 'Tab A' }, `"${version}"`),
      putOrganization({ branch: 'Tab B' }, `"${version}"`),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 412]);
    expect(await storedOrganization()).toMatchObject({
      branch: first.statusCode === 200 ? 'Tab A' : 'Tab B',
      version: version + 1,
    });

    const repo = createOrganizationsRepository(testApp.database.db);
    const results = await Promise.all(
      ['C', 'D', 'E'].map((branch) => repo.update(ownOrganizationId, { branch }, new Date(), [version + 1])),
    );
    expect(results.filter((result) => result === 'STALE')).toHaveLength(2);
  });

  it('without If-Match the PUT saves; uploading and removing the logo raise the version', async () => {
    expect((await putOrganization({ branch: 'Ohne Bedingung' })).statusCode).toBe(200);
    const before = (await storedOrganization()).version;
    const body = multipartBody(await makeImage('png'), { filename: 'logo.png', contentType: 'image/png' });
    const upload = await inject({
      method: 'POST',
      url: `/rest/organization/${ownOrganizationId}/photo`,
      headers: { ...headers.organisationOwn, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(200);
    expect(upload.json<Organization>().version).toBe(before + 1);
    expect(upload.headers.etag).toBe(`"${before + 1}"`);
    const removed = await inject({
      method: 'DELETE',
      url: `/rest/organization/${ownOrganizationId}/photos`,
      headers: headers.organisationOwn,
    });
    expect(removed.json<Organization>().version).toBe(before + 2);
    expect((await putOrganization({ branch: 'Alt' }, `"${before}"`)).statusCode).toBe(412);
  });
});
