import {
  ERROR_MESSAGES,
  PHONE_MESSAGES,
  POSTCODE_MESSAGES,
  POSTING_DATE_MESSAGES,
  type Vacancy,
  type VacancySaveResponse,
} from '@matchwerk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorHeaders, type ActorName } from '../../testing/actors';
import { insertVacancy, vacancyInput } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** Issue #14: postcode, dates and phone checked by the same shared schema the web uses, dates with the server's clock. */

// 23:30 UTC on 25 November is already 26 November in Berlin (UTC+1).
const NOW = new Date('2026-11-25T23:30:00Z');
let testApp: TestApp;
let headers: Record<ActorName, Record<string, string>>;
let organizationId: string;

beforeAll(async () => {
  testApp = await createTestApp({
    clock: () => NOW,
    geocoder: { geocode: () => Promise.resolve({ lat: 48.7, lng: 9.017 }) },
  });
  headers = await actorHeaders(testApp);
  organizationId = (
    await testApp.app.inject({ method: 'GET', url: '/rest/users/current-user', headers: headers.organisationOwn })
  ).json<{ organizationId: string }>().organizationId;
});
afterAll(async () => {
  await testApp?.close();
});

const create = (overrides: Record<string, unknown>) =>
  testApp.app.inject({
    method: 'POST',
    url: `/rest/vacancy/${organizationId}`,
    headers: headers.organisationOwn,
    payload: vacancyInput(overrides),
  });
const update = (id: string, overrides: Record<string, unknown>) =>
  testApp.app.inject({
    method: 'PUT',
    url: `/rest/vacancy/${id}`,
    headers: headers.organisationOwn,
    payload: vacancyInput(overrides),
  });
const location = (zipCode: string, country = 'Deutschland') => ({
  country,
  city: 'Irgendwo',
  zipCode,
  street: null,
  streetNumber: null,
});

function expectRefused(response: Awaited<ReturnType<typeof create>>, fieldErrors: Record<string, string>) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    code: 'VALIDATION_FAILED',
    message: ERROR_MESSAGES.VALIDATION_FAILED,
    fieldErrors,
  });
}

describe('postcode', () => {
  it.each([
    ['12345', POSTCODE_MESSAGES.unknown],
    ['7106', POSTCODE_MESSAGES.format],
    ['71063a', POSTCODE_MESSAGES.format],
  ])('refuses %j with a German message at location.zipCode', async (zipCode, message) => {
    expectRefused(await create({ location: location(zipCode) }), { 'location.zipCode': message });
  });

  it('accepts an existing German postcode and a foreign one', async () => {
    expect((await create({ location: location('10115') })).statusCode).toBe(201);
    expect((await create({ location: location('1010', 'Österreich') })).statusCode).toBe(201);
  });
});

describe('start dates (today is 2026-11-26 in Berlin)', () => {
  it.each([
    [{ start: '2026-11-25', startOfTraining: null }, { start: POSTING_DATE_MESSAGES.past }],
    [
      { start: '2026-12-01', startOfTraining: '2026-11-30' },
      { startOfTraining: POSTING_DATE_MESSAGES.trainingBeforeStart },
    ],
    [{ start: '2029-11-27', startOfTraining: null }, { start: POSTING_DATE_MESSAGES.tooFar }],
  ])('refuses %j for a new posting', async (dates, fieldErrors) => {
    expectRefused(await create(dates), fieldErrors);
  });

  it('accepts today and exactly three years ahead', async () => {
    const response = await create({ start: '2026-11-26', startOfTraining: '2029-11-26' });
    expect(response.statusCode).toBe(201);
    expect(response.json<VacancySaveResponse>().vacancy).toMatchObject({
      start: '2026-11-26',
      startOfTraining: '2029-11-26',
    });
  });

  it('an existing posting with a past start stays readable and can be saved with that start unchanged, not moved to another past day', async () => {
    const id = await insertVacancy(testApp.database.db, organizationId, {
      start: '2025-09-01',
      startOfTraining: '2025-09-01',
    });
    expect(
      (await testApp.app.inject({ method: 'GET', url: `/rest/vacancy/${id}`, headers: headers.organisationOwn }))
        .statusCode,
    ).toBe(200);
    const unchanged = await update(id, { title: 'Neuer Titel', start: '2025-09-01', startOfTraining: '2025-09-01' });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json<VacancySaveResponse>().vacancy).toMatchObject({ title: 'Neuer Titel', start: '2025-09-01' });
    expectRefused(await update(id, { start: '2025-10-01', startOfTraining: '2025-10-01' }), {
      start: POSTING_DATE_MESSAGES.past,
      startOfTraining: POSTING_DATE_MESSAGES.past,
    });
  });
});

describe('contact phone', () => {
  it.each([
    ['0171 1234567', '+49 171 1234567'],
    ['+49 (0)30 123456', '+49 30 123456'],
    ['030/123456', '+49 30 123456'],
    ['', null],
  ])('stores %j as %j', async (contactPhone, stored) => {
    const response = await create({ contactPhone });
    expect(response.statusCode).toBe(201);
    expect(response.json<VacancySaveResponse>().vacancy.contactPhone).toBe(stored);
  });

  it('refuses a number that is none, in German at contactPhone', async () => {
    expectRefused(await create({ contactPhone: '12 34' }), { contactPhone: PHONE_MESSAGES.invalid });
  });
});

describe('rows stored before these rules', () => {
  it('are readable as stored; a save must fix the address', async () => {
    const id = await insertVacancy(testApp.database.db, organizationId, {
      zipCode: '7106',
      contactPhone: 'ruf an: 0815',
    });
    const read = await testApp.app.inject({
      method: 'GET',
      url: `/rest/vacancy/${id}`,
      headers: headers.organisationOwn,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json<Vacancy>()).toMatchObject({ contactPhone: 'ruf an: 0815', location: { zipCode: '7106' } });
    expectRefused(await update(id, { location: location('7106') }), { 'location.zipCode': POSTCODE_MESSAGES.format });
    expect((await update(id, { location: location('71063') })).statusCode).toBe(200);
  });
});
