// @database-sensitive: search and distance in SQL
import {
  PUBLIC_MESSAGES,
  type Organization,
  type PublicVacancy,
  type PublicVacancyListResponse,
} from '@matchwerk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, photos, vacancies } from '../../db/schema/index';
import { actorHeaders } from '../../testing/actors';
import { insertVacancy } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * The public marketplace API without a session: visibility (the one rule), public fields only,
 * caching (Cache-Control, ETag, 304), filters, keyset paging and German 4xx for bad input. The
 * region VALLENDAR is built here; the demo seeds no postings there.
 */
let testApp: TestApp;
const REGION = 'VALLENDAR';
const ids = { visible: [] as string[], hidden: [] as string[] };
let shownOrg: string;
let phoneOrg: string;
let plainVacancy: string;
let phoneVacancy: string;
let inactiveVacancy: string;

async function organization(values: Partial<typeof organizations.$inferInsert> & { name: string }): Promise<string> {
  const [row] = await testApp.database.db
    .insert(organizations)
    .values({
      region: REGION,
      active: true,
      approvedAt: new Date(),
      contactName: 'Geheime Person',
      contactMail: 'geheim@firma.example',
      contactPhone: '02622 12345',
      ...values,
    })
    .returning({ id: organizations.id });
  return row!.id;
}

const get = (url: string, headers: Record<string, string> = {}) => testApp.app.inject({ method: 'GET', url, headers });
const list = async (query: string) => {
  const response = await get(`/rest/public/vacancies?region=${REGION}&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PublicVacancyListResponse>();
};

/** Walks every page with the given page size and returns the ids in order. */
async function walk(query: string, limit: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const page: PublicVacancyListResponse = await list(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    seen.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor;
    if (!cursor) return seen;
  }
  throw new Error('paging did not end');
}

beforeAll(async () => {
  testApp = await createTestApp();
  const db = testApp.database.db;
  shownOrg = await organization({ name: 'Rheinblick Handwerk GmbH' });
  phoneOrg = await organization({ name: 'Offenes Telefon KG', contactPhone: '02622 99887', contactPhonePublic: true });
  const inactiveOrg = await organization({ name: 'Deaktiviert AG', active: false });
  const waitingOrg = await organization({ name: 'Wartet GmbH', active: false, approvedAt: null });
  const deletedOrg = await organization({ name: 'Gelöscht GmbH' });
  const base = { active: true, contactName: 'Tessa Geheim', contactPhone: '0170 1234567', lat: 50.4, lng: 7.6 };
  plainVacancy = await insertVacancy(db, shownOrg, {
    ...base,
    title: 'Ausbildung Tischler/in',
    trainingOccupationName: 'Tischler/in',
    city: 'Vallendar',
    zipCode: '56179',
    start: '2027-09-01',
    salaryPerTrainingYear: ['800', '900.50', '1000'],
  });
  const second = await insertVacancy(db, shownOrg, {
    ...base,
    title: 'Praktikum Werkstatt',
    type: 'INTERNSHIP',
    city: 'Koblenz',
    zipCode: '56068',
    lat: 50.36,
    lng: 7.59,
    start: '2027-03-01',
  });
  const third = await insertVacancy(db, shownOrg, {
    ...base,
    title: 'Ausbildung Tischler/in Möbelbau',
    trainingOccupationName: 'Tischler/in',
    city: 'Vallendar',
    zipCode: '56179',
  });
  phoneVacancy = await insertVacancy(db, phoneOrg, {
    ...base,
    title: 'Ferienjob Lager',
    type: 'HOLIDAY_JOB',
    city: 'Bendorf',
    zipCode: '56170',
    lat: 50.43,
    lng: 7.57,
    start: '2027-07-01',
  });
  // Far away (Berlin): outside any small radius around Vallendar.
  const far = await insertVacancy(db, phoneOrg, {
    ...base,
    title: 'Ausbildung weit weg',
    city: 'Berlin',
    zipCode: '10115',
    lat: 52.53,
    lng: 13.38,
  });
  ids.visible.push(plainVacancy, second, third, phoneVacancy, far);
  inactiveVacancy = await insertVacancy(db, shownOrg, { ...base, title: 'Inaktive Anzeige', active: false });
  ids.hidden.push(
    inactiveVacancy,
    await insertVacancy(db, inactiveOrg, { ...base, title: 'Anzeige einer deaktivierten Firma' }),
    await insertVacancy(db, waitingOrg, { ...base, title: 'Anzeige einer wartenden Firma' }),
    await insertVacancy(db, deletedOrg, { ...base, title: 'Anzeige einer gelöschten Firma' }),
  );
  await db.delete(organizations).where(eq(organizations.id, deletedOrg));
});

afterAll(async () => {
  await testApp.close();
});

describe('GET /rest/public/vacancies', () => {
  it('lists exactly the visible postings of the region, without a session and without personal data', async () => {
    const response = await get(`/rest/public/vacancies?region=${REGION}&limit=50`);
    expect(response.statusCode).toBe(200);
    const body = response.json<PublicVacancyListResponse>();
    expect(body.items.map((item) => item.id).sort()).toEqual([...ids.visible].sort());
    expect(body.total).toBe(ids.visible.length);
    expect(response.body).not.toMatch(/Geheim|geheim@|0170|02622|@/);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(body.facets).toEqual({
      occupations: ['Tischler/in'],
      places: ['Bendorf', 'Berlin', 'Koblenz', 'Vallendar'],
    });
    const tischler = body.items.find((item) => item.id === plainVacancy)!;
    expect(tischler).toMatchObject({
      organization: { id: shownOrg, name: 'Rheinblick Handwerk GmbH' },
      salaryPerTrainingYear: [800, 900.5, 1000],
      type: 'APPRENTICESHIP',
    });
  });

  it('is publicly cacheable for a minute, with an ETag that answers 304', async () => {
    const first = await get(`/rest/public/vacancies?region=${REGION}`);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await get(`/rest/public/vacancies?region=${REGION}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const changed = await get(`/rest/public/vacancies?region=${REGION}&type=INTERNSHIP`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
  });

  it('filters by type, occupation, place and distance from a postcode', async () => {
    expect((await list('type=INTERNSHIP')).items.map((item) => item.title)).toEqual(['Praktikum Werkstatt']);
    expect((await list('occupation=Tischler%2Fin&sort=title')).items.map((item) => item.title)).toEqual([
      'Ausbildung Tischler/in',
      'Ausbildung Tischler/in Möbelbau',
    ]);
    expect((await list('place=Bendorf')).items.map((item) => item.id)).toEqual([phoneVacancy]);
    const near = await list('zipCode=56179&radiusKm=25&sort=distance');
    expect(near.items.map((item) => item.id)).not.toContain(ids.visible[4]);
    expect(near.items).toHaveLength(4);
    const distances = near.items.map((item) => item.distanceKm!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances.every((km) => km >= 0 && km <= 25)).toBe(true);
  });

  it('pages with a keyset cursor through every sort without gaps or repeats', async () => {
    for (const query of [
      'sort=newest',
      'sort=title',
      'sort=start',
      'sort=distance&zipCode=56179&radiusKm=200',
      'type=APPRENTICESHIP&sort=title',
    ]) {
      const all = (await list(`${query}&limit=50`)).items.map((item) => item.id);
      expect(await walk(query, 1), query).toEqual(all);
      expect(await walk(query, 2), query).toEqual(all);
    }
    const byStart = (await list('sort=start&limit=50')).items.map((item) => item.start);
    // Postings without a start come last.
    expect(byStart.slice(0, 3)).toEqual(['2027-03-01', '2027-07-01', '2027-09-01']);
  });

  it('answers bad input with a German 400', async () => {
    const cases: [string, string | RegExp][] = [
      ['', /Region/],
      [`region=NIRGENDWO`, /Region/],
      [`region=${REGION}&zipCode=abc`, PUBLIC_MESSAGES.invalidZipCode],
      [`region=${REGION}&zipCode=00000`, PUBLIC_MESSAGES.unknownZipCode],
      [`region=${REGION}&sort=distance`, PUBLIC_MESSAGES.distanceNeedsZipCode],
      [`region=${REGION}&cursor=bm9wZQ`, PUBLIC_MESSAGES.invalidCursor],
      [`region=${REGION}&limit=500`, /Höchstens 50/],
      [`region=${REGION}&radiusKm=-3`, /Umkreis/],
    ];
    for (const [query, message] of cases) {
      const response = await get(`/rest/public/vacancies?${query}`);
      expect(response.statusCode, query).toBe(400);
      // The message or the field's message (schema errors name the field).
      expect(response.body, query).toMatch(message);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    const titleCursor = (await list('sort=title&limit=1')).nextCursor!;
    const otherSort = await get(`/rest/public/vacancies?region=${REGION}&sort=newest&cursor=${titleCursor}`);
    expect(otherSort.statusCode).toBe(400);
  });
});

describe('GET /rest/public/vacancies/:id', () => {
  it('shows every public field of a visible posting and its company, the phone only when it is public', async () => {
    const plain = await get(`/rest/public/vacancies/${plainVacancy}`);
    expect(plain.statusCode).toBe(200);
    const body = plain.json<PublicVacancy>();
    expect(body).toMatchObject({
      id: plainVacancy,
      region: REGION,
      title: 'Ausbildung Tischler/in',
      publicPath: `/stellen/${plainVacancy}`,
    });
    expect(body.organization.contactPhone).toBeNull();
    expect(plain.body).not.toMatch(/Geheim|geheim@|0170|02622/);
    expect(plain.headers['cache-control']).toBe('public, max-age=60');
    expect(
      (await get(`/rest/public/vacancies/${plainVacancy}`, { 'if-none-match': String(plain.headers.etag) })).statusCode,
    ).toBe(304);

    const withPhone = (await get(`/rest/public/vacancies/${phoneVacancy}`)).json<PublicVacancy>();
    expect(withPhone.organization.contactPhone).toBe('02622 99887');
    expect(JSON.stringify(withPhone)).not.toMatch(/Tessa|0170/);
  });

  it('answers 404 in German for hidden, unknown and malformed ids', async () => {
    for (const id of [...ids.hidden, crypto.randomUUID(), 'kein-uuid']) {
      const response = await get(`/rest/public/vacancies/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json<{ message: string }>().message).toBe(PUBLIC_MESSAGES.notFound);
    }
  });

  it('hides a posting as soon as it or its organisation is deactivated', async () => {
    const db = testApp.database.db;
    await db.update(organizations).set({ active: false }).where(eq(organizations.id, phoneOrg));
    expect((await get(`/rest/public/vacancies/${phoneVacancy}`)).statusCode).toBe(404);
    expect((await list('limit=50')).items.map((item) => item.id)).not.toContain(phoneVacancy);
    await db.update(organizations).set({ active: true }).where(eq(organizations.id, phoneOrg));
  });
});

describe('public images', () => {
  it('serves photos of visible postings and logos of active organisations, cacheable, and nothing of hidden ones', async () => {
    const db = testApp.database.db;
    const [shown] = await db
      .select({ vacancyId: photos.vacancyId, photoId: photos.id, organizationId: vacancies.organizationId })
      .from(photos)
      .innerJoin(vacancies, eq(vacancies.id, photos.vacancyId))
      .innerJoin(organizations, eq(organizations.id, vacancies.organizationId))
      .where(and(eq(vacancies.active, true), eq(organizations.active, true)))
      .limit(1);
    const url = `/rest/public/vacancies/${shown!.vacancyId}/photos/${shown!.photoId}`;
    const photo = await get(url);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toMatch(/^image\//);
    expect(photo.headers['cache-control']).toBe('public, max-age=60');
    const etag = photo.headers.etag as string;
    expect(etag).toMatch(/^"[a-f0-9]{32}"$/);
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);

    await db.update(vacancies).set({ active: false }).where(eq(vacancies.id, shown!.vacancyId!));
    expect((await get(url)).statusCode).toBe(404);
    await db.update(vacancies).set({ active: true }).where(eq(vacancies.id, shown!.vacancyId!));

    const list = (await get(`/rest/public/vacancies/${shown!.vacancyId}`)).json<PublicVacancy>();
    expect(list.organization.logoUrl).toMatch(/^\/rest\/public\/organizations\/.+\/logo\?v=/);
    const logo = await get(list.organization.logoUrl!);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toMatch(/^image\//);
    await db.update(organizations).set({ active: false }).where(eq(organizations.id, shown!.organizationId));
    expect((await get(list.organization.logoUrl!)).statusCode).toBe(404);
    await db.update(organizations).set({ active: true }).where(eq(organizations.id, shown!.organizationId));
  });
});

describe('the phone flag in Mein Unternehmen', () => {
  it('is off by default, set by the organisation, kept when a save leaves it out, and decides whether the phone is public', async () => {
    const headers = (await actorHeaders(testApp)).organisationOwn;
    const me = await testApp.app.inject({ method: 'GET', url: '/rest/users/current-user', headers });
    const organizationId = me.json<{ organizationId: string }>().organizationId;
    const read = async () =>
      (
        await testApp.app.inject({ method: 'GET', url: `/rest/organization/${organizationId}`, headers })
      ).json<Organization>();
    const before = await read();
    expect(before.contactPhonePublic).toBe(false);
    const vacancyId = await insertVacancy(testApp.database.db, organizationId, { active: true, title: 'Telefon-Test' });
    const phoneOf = async () =>
      (await get(`/rest/public/vacancies/${vacancyId}`)).json<PublicVacancy>().organization.contactPhone;
    expect(await phoneOf()).toBeNull();

    const input = {
      name: before.name,
      region: before.region,
      employeeCount: before.employeeCount,
      branch: before.branch,
      about: before.about,
      contactName: before.contactName,
      contactPhone: before.contactPhone,
      contactMail: before.contactMail,
      links: { ...before.links },
      city: before.city,
    };
    const put = (body: Record<string, unknown>) =>
      testApp.app.inject({ method: 'PUT', url: `/rest/organization/${organizationId}`, headers, payload: body });
    expect((await put({ ...input, contactPhonePublic: true })).statusCode).toBe(200);
    // The saved number, in the international form every save stores (ADR 0043).
    const saved = (await read()).contactPhone;
    expect(saved).toMatch(/^\+49 /);
    expect(await phoneOf()).toBe(saved);
    expect((await put(input)).statusCode).toBe(200);
    expect((await read()).contactPhonePublic).toBe(true);
    expect((await put({ ...input, contactPhonePublic: false })).statusCode).toBe(200);
    expect(await phoneOf()).toBeNull();
  });
});
