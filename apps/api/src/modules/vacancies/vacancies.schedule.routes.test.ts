/** Issue #14: fields per posting type, "Duplizieren", application deadline and publication day (ADR 0042). */
import {
  fieldNotUsedMessage,
  type Vacancy,
  type VacancyDuplicateResponse,
  type VacancyListResponse,
  type VacancySaveResponse,
} from '@matchwerk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, vacancies } from '../../db/schema/index';
import { actorHeaders, type ActorName } from '../../testing/actors';
import { insertVacancy, vacancyInput } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { makeImage, multipartBody } from '../../testing/uploads';
import { createVacancyScheduleService } from './vacancy-schedule';
import { SCHEDULE_MESSAGES } from './vacancy-values';

let testApp: TestApp;
let headers: Record<ActorName, Record<string, string>>;
let ownOrganizationId: string;
/** The app's clock; tests move it. */
let now = new Date('2027-03-10T09:00:00Z');

beforeAll(async () => {
  testApp = await createTestApp({
    geocoder: { geocode: () => Promise.resolve({ lat: 48.7, lng: 9.0 }) },
    clock: () => now,
  });
  headers = await actorHeaders(testApp);
  ownOrganizationId = (
    await testApp.app.inject({ method: 'GET', url: '/rest/users/current-user', headers: headers.organisationOwn })
  ).json<{ organizationId: string }>().organizationId;
});
afterAll(async () => {
  await testApp?.close();
});

function create(overrides: Record<string, unknown> = {}) {
  return testApp.app.inject({
    method: 'POST',
    url: `/rest/vacancy/${ownOrganizationId}`,
    headers: headers.organisationOwn,
    payload: vacancyInput(overrides),
  });
}
async function created(overrides: Record<string, unknown> = {}): Promise<Vacancy> {
  const response = await create(overrides);
  expect(response.statusCode).toBe(201);
  return response.json<VacancySaveResponse>().vacancy;
}
const holidayJob = {
  type: 'HOLIDAY_JOB',
  title: 'Ferienjob im Lager',
  benefits: ['SHORT_NOTICE'],
  trainingOccupationName: null,
  duration: null,
  startOfTraining: null,
  compensation: { salaryPerTrainingYear: [], additionalCompensation: '13,50 € pro Stunde' },
};

describe('fields per posting type', () => {
  it('saves a holiday job without training fields', async () => {
    const vacancy = await created(holidayJob);
    expect(vacancy).toMatchObject({
      type: 'HOLIDAY_JOB',
      trainingOccupationName: null,
      duration: null,
      startOfTraining: null,
    });
    expect(vacancy.compensation.salaryPerTrainingYear).toEqual([]);
  });

  it('refuses training occupation, duration, training start and pay per training year for a holiday job, each with a German message', async () => {
    const response = await create({
      ...holidayJob,
      trainingOccupationName: 'Lagerist',
      duration: '4 Wochen',
      startOfTraining: '2027-07-01',
      compensation: { salaryPerTrainingYear: [900] },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; fieldErrors: Record<string, string> }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fieldErrors).toEqual({
      trainingOccupationName: fieldNotUsedMessage('HOLIDAY_JOB', 'trainingOccupationName'),
      duration: fieldNotUsedMessage('HOLIDAY_JOB', 'duration'),
      startOfTraining: fieldNotUsedMessage('HOLIDAY_JOB', 'startOfTraining'),
      'compensation.salaryPerTrainingYear': fieldNotUsedMessage('HOLIDAY_JOB', 'compensation.salaryPerTrainingYear'),
    });
    expect(body.fieldErrors.duration).toContain('„Ferienjob“');
  });

  it('keeps the duration of an internship but refuses its training occupation on update too', async () => {
    const vacancy = await created({
      ...holidayJob,
      type: 'INTERNSHIP',
      benefits: ['CERTIFICATE'],
      duration: '6 Wochen',
    });
    expect(vacancy.duration).toBe('6 Wochen');
    const response = await testApp.app.inject({
      method: 'PUT',
      url: `/rest/vacancy/${vacancy.id}`,
      headers: headers.organisationOwn,
      payload: vacancyInput({
        ...holidayJob,
        type: 'INTERNSHIP',
        benefits: ['CERTIFICATE'],
        duration: '6 Wochen',
        trainingOccupationName: 'Industriemechaniker/in',
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors)).toEqual([
      'trainingOccupationName',
    ]);
  });
});

describe('POST /rest/vacancy/{id}/duplicate', () => {
  it('creates an inactive copy "… (Kopie)" with every field and its own copies of the photos', async () => {
    const original = await created({ applicationDeadline: '2027-06-30' });
    await testApp.app.inject({
      method: 'PUT',
      url: `/rest/vacancy/${original.id}/activate`,
      headers: headers.organisationOwn,
    });
    const body = multipartBody(await makeImage('png', 40, 30));
    const uploaded = await testApp.app.inject({
      method: 'POST',
      url: `/rest/vacancy/${original.id}/photos`,
      headers: { ...headers.organisationOwn, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(201);

    const response = await testApp.app.inject({
      method: 'POST',
      url: `/rest/vacancy/${original.id}/duplicate`,
      headers: headers.organisationOwn,
    });
    expect(response.statusCode).toBe(201);
    const { vacancy: copy, photosNotCopied } = response.json<VacancyDuplicateResponse>();
    expect(photosNotCopied).toBe(0);
    expect(copy.id).not.toBe(original.id);
    expect(copy).toMatchObject({
      active: false,
      title: 'Ausbildung Industriemechaniker/in (m/w/d) (Kopie)',
      description: original.description,
      compensation: original.compensation,
      benefits: original.benefits,
      applicationDeadline: '2027-06-30',
      publishOn: null,
      location: original.location,
    });
    expect(copy.photos).toHaveLength(1);
    expect(copy.photos[0]).not.toBe(uploaded.json<{ photoId: string }>().photoId);
    const keys = await testApp.database.db
      .select({ key: photos.storageKey, vacancyId: photos.vacancyId })
      .from(photos)
      .where(eq(photos.vacancyId, copy.id));
    const originalKeys = await testApp.database.db
      .select({ key: photos.storageKey })
      .from(photos)
      .where(eq(photos.vacancyId, original.id));
    expect(keys[0]?.key).not.toBe(originalKeys[0]?.key);
    const photo = await testApp.app.inject({
      method: 'GET',
      url: `/rest/vacancy/${copy.id}/photos/${copy.photos[0]}`,
      headers: headers.organisationOwn,
    });
    expect(photo.statusCode).toBe(200);
  });

  it('lets only those who manage the posting duplicate it (404 for others)', async () => {
    const original = await created();
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/rest/vacancy/${original.id}/duplicate`,
      headers: headers.organisationOther,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('application deadline and publication day', () => {
  const schedule = () => createVacancyScheduleService({ db: testApp.database.db, clock: () => now });

  it('refuses a publication day after the deadline, and one for an active posting', async () => {
    const late = await create({ publishOn: '2027-07-01', applicationDeadline: '2027-06-30' });
    expect(late.statusCode).toBe(400);
    expect(late.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toEqual({
      publishOn: SCHEDULE_MESSAGES.publishAfterDeadline,
    });

    const vacancy = await created();
    await testApp.app.inject({
      method: 'PUT',
      url: `/rest/vacancy/${vacancy.id}/activate`,
      headers: headers.organisationOwn,
    });
    const active = await testApp.app.inject({
      method: 'PUT',
      url: `/rest/vacancy/${vacancy.id}`,
      headers: headers.organisationOwn,
      payload: vacancyInput({ publishOn: '2027-04-01' }),
    });
    expect(active.statusCode).toBe(400);
    expect(active.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toEqual({
      publishOn: SCHEDULE_MESSAGES.publishWhileActive,
    });
  });

  it('the job activates a scheduled posting on its day (Europe/Berlin) and deactivates it after the deadline; running twice changes nothing more', async () => {
    now = new Date('2027-03-10T09:00:00Z');
    const vacancy = await created({ publishOn: '2027-03-12', applicationDeadline: '2027-03-20' });
    expect(vacancy).toMatchObject({ active: false, publishOn: '2027-03-12', applicationDeadline: '2027-03-20' });

    const list = await testApp.app.inject({
      method: 'GET',
      url: '/rest/vacancy?pageSize=100',
      headers: headers.organisationOwn,
    });
    expect(list.json<VacancyListResponse>().items.find((item) => item.id === vacancy.id)).toMatchObject({
      publishOn: '2027-03-12',
      applicationDeadline: '2027-03-20',
    });

    // 11 March 23:30 Berlin is 22:30 UTC: not yet.
    now = new Date('2027-03-11T22:30:00Z');
    await schedule().run();
    expect((await read(vacancy.id)).active).toBe(false);
    // 12 March 00:30 Berlin (23:30 UTC on the 11th): the day has come.
    now = new Date('2027-03-11T23:30:00Z');
    const first = await schedule().run();
    expect(first.activated).toBeGreaterThanOrEqual(1);
    const activated = await read(vacancy.id);
    expect(activated).toMatchObject({ active: true, publishOn: null, version: vacancy.version + 1 });
    await schedule().run();
    expect((await read(vacancy.id)).version).toBe(activated.version);

    // The deadline day itself is still open; the day after, the posting deactivates itself.
    now = new Date('2027-03-20T20:00:00Z');
    await schedule().run();
    expect((await read(vacancy.id)).active).toBe(true);
    now = new Date('2027-03-20T23:30:00Z');
    await Promise.all([schedule().run(), schedule().run()]);
    const deactivated = await read(vacancy.id);
    expect(deactivated).toMatchObject({ active: false, version: activated.version + 1 });

    // Activating by hand after the deadline is refused with a German message.
    const again = await testApp.app.inject({
      method: 'PUT',
      url: `/rest/vacancy/${vacancy.id}/activate`,
      headers: headers.organisationOwn,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(SCHEDULE_MESSAGES.deadlinePassed);
  });

  it('activating by hand clears the planned day; a scheduled posting whose deadline passed is not activated', async () => {
    now = new Date('2027-03-10T09:00:00Z');
    const vacancy = await created({ publishOn: '2027-04-01' });
    const activated = await testApp.app.inject({
      method: 'PUT',
      url: `/rest/vacancy/${vacancy.id}/activate`,
      headers: headers.organisationOwn,
    });
    expect(activated.json<Vacancy>()).toMatchObject({ active: true, publishOn: null });

    const id = await insertVacancy(testApp.database.db, ownOrganizationId, {
      publishOn: '2027-03-01',
      applicationDeadline: '2027-03-05',
    });
    await schedule().run();
    expect(await read(id)).toMatchObject({ active: false, publishOn: null });
  });

  it('hides an active posting from the public from the day after its deadline, before the job runs', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const open = await insertVacancy(testApp.database.db, ownOrganizationId, {
      active: true,
      applicationDeadline: today,
    });
    const closed = await insertVacancy(testApp.database.db, ownOrganizationId, {
      active: true,
      applicationDeadline: yesterday,
    });
    expect((await testApp.app.inject({ method: 'GET', url: `/rest/public/vacancies/${open}` })).statusCode).toBe(200);
    expect((await testApp.app.inject({ method: 'GET', url: `/rest/public/vacancies/${closed}` })).statusCode).toBe(404);
  });
});

async function read(id: string) {
  const [row] = await testApp.database.db.select().from(vacancies).where(eq(vacancies.id, id));
  return row!;
}
