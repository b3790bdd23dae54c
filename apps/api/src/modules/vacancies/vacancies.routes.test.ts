import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  GEOCODE_WARNING,
  MAX_PHOTOS_PER_VACANCY,
  RICH_TEXT_FIELDS,
  type Vacancy,
  type VacancyListResponse,
  type VacancySaveResponse,
} from '@matchwerk/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, photos, vacancies } from '../../db/schema/index';
import { actorHeaders, type ActorName } from '../../testing/actors';
import { FIXTURE_START, insertOrganization, insertVacancy, vacancyInput } from '../../testing/fixtures';
import {
  jpegWithGpsExif,
  pixelBombPng,
  RENAMED_HTML,
  SVG_WITH_SCRIPT,
  truncatedJpeg,
  XSS_FORBIDDEN,
  XSS_PAYLOADS,
} from '../../testing/hostile';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { makeImage, multipartBody } from '../../testing/uploads';
import type { Geocoder } from '../geocoding';

let testApp: TestApp;
let headers: Record<ActorName, Record<string, string>>;
let ownOrganizationId: string;
let otherOrganizationId: string;
/** The geocoder the app uses; a test can make it fail. */
let geocoderFails = false;
const geocoder: Geocoder = {
  geocode: (address) =>
    Promise.resolve(geocoderFails || address.zipCode === '99998' ? null : { lat: 48.7, lng: 9.017 }),
};

beforeAll(async () => {
  testApp = await createTestApp({ geocoder });
  headers = await actorHeaders(testApp);
  const me = async (actor: ActorName) =>
    (await testApp.app.inject({ method: 'GET', url: '/rest/users/current-user', headers: headers[actor] })).json<{
      organizationId: string;
    }>().organizationId;
  ownOrganizationId = await me('organisationOwn');
  otherOrganizationId = await me('organisationOther');
});
afterAll(async () => {
  await testApp?.close();
});

async function create(actor: ActorName, organizationId: string, overrides: Record<string, unknown> = {}) {
  return testApp.app.inject({
    method: 'POST',
    url: `/rest/vacancy/${organizationId}`,
    headers: headers[actor],
    payload: vacancyInput(overrides),
  });
}

function upload(actor: ActorName, vacancyId: string, data: Buffer, options: Parameters<typeof multipartBody>[1] = {}) {
  const body = multipartBody(data, options);
  return testApp.app.inject({
    method: 'POST',
    url: `/rest/vacancy/${vacancyId}/photos`,
    headers: { ...headers[actor], ...body.headers },
    payload: body.payload,
  });
}

function storedFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else files.push(full);
    }
  };
  walk(testApp.uploadDir);
  return files;
}

async function storageKeysOf(vacancyId: string): Promise<string[]> {
  const rows = await testApp.database.db
    .select({ key: photos.storageKey })
    .from(photos)
    .where(eq(photos.vacancyId, vacancyId));
  return rows.map((row) => row.key);
}

describe('POST /rest/vacancy/{organizationId} and GET/PUT /rest/vacancy/{id}', () => {
  it('creates an inactive posting with every field, geocoded; GET returns the same', async () => {
    const response = await create('organisationOwn', ownOrganizationId);
    expect(response.statusCode).toBe(201);
    const body = response.json<VacancySaveResponse>();
    expect(body.geocodeWarning).toBeNull();
    expect(body.vacancy).toMatchObject({
      organizationId: ownOrganizationId,
      organization: { id: ownOrganizationId, name: 'Schwabenwerk Präzisionstechnik GmbH', region: 'SINDELFINGEN' },
      active: false,
      title: 'Ausbildung Industriemechaniker/in (m/w/d)',
      type: 'APPRENTICESHIP',
      start: FIXTURE_START,
      description: '<p>Du lernst <strong>Drehen</strong> und Fräsen.</p>',
      benefits: ['TAKEOVER', 'VACATION_30'],
      compensation: { salaryPerTrainingYear: [1200, 1280.5, 1370, 1450], additionalCompensation: 'Tarif' },
      location: {
        city: 'Sindelfingen',
        zipCode: '71063',
        street: 'Mahdentalstraße',
        streetNumber: '54',
        geo: { lat: 48.7, lng: 9.017 },
      },
      photos: [],
      image: null,
    });
    const read = await testApp.app.inject({
      method: 'GET',
      url: `/rest/vacancy/${body.vacancy.id}`,
      headers: headers.organisationOwn,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(body.vacancy);
  });

  it('admins and the region partner create for an organisation they manage; others are refused', async () => {
    expect((await create('admin', otherOrganizationId)).statusCode).toBe(201);
    expect((await create('partnerOutOfRegion', otherOrganizationId)).statusCode).toBe(201);
    // Someone else's organisation answers like an unknown one (404); a role that never may: 403.
    expect((await create('partnerInRegion', otherOrganizationId)).statusCode).toBe(404);
    expect((await create('organisationOwn', otherOrganizationId)).statusCode).toBe(404);
    expect((await create('statistics', ownOrganizationId)).statusCode).toBe(403);
    expect((await create('admin', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await create('admin', 'kein-uuid')).statusCode).toBe(404);
  });

  it('saves without coordinates when the address cannot be geocoded, with the warning', async () => {
    const response = await create('organisationOwn', ownOrganizationId, {
      location: { country: 'Deutschland', city: 'Nirgendwo', zipCode: '99998', street: null, streetNumber: null },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<VacancySaveResponse>();
    expect(body.geocodeWarning).toBe(GEOCODE_WARNING);
    expect(body.vacancy.location).toMatchObject({ city: 'Nirgendwo', zipCode: '99998', geo: null });
    const [row] = await testApp.database.db.select().from(vacancies).where(eq(vacancies.id, body.vacancy.id));
    expect(row).toMatchObject({ city: 'Nirgendwo', lat: null, lng: null });

    geocoderFails = true;
    try {
      const update = await testApp.app.inject({
        method: 'PUT',
        url: `/rest/vacancy/${body.vacancy.id}`,
        headers: headers.organisationOwn,
        payload: vacancyInput({ title: 'Geändert ohne Geo' }),
      });
      expect(update.statusCode).toBe(200);
      expect(update.json<VacancySaveResponse>()).toMatchObject({
        geocodeWarning: GEOCODE_WARNING,
        vacancy: { title: 'Geändert ohne Geo', location: { geo: null } },
      });
    } finally {
      geocoderFails = false;
    }
  });

  it('answers invalid input with 400 VALIDATION_FAILED and the German field messages', async () => {
    const response = await create('organisationOwn', ownOrganizationId, {
      title: '',
      type: 'JOB',
      description: '',
      contactName: '   ',
      location: { city: '', zipCode: '12' },
      compensation: { salaryPerTrainingYear: [1, 2, 3, 4, 5], additionalCompensation: null },
      start: '31.12.2027',
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; fieldErrors: Record<string, string> }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fieldErrors).toMatchObject({
      title: 'Bitte geben Sie einen Titel ein.',
      type: 'Bitte wählen Sie eine Art der Stelle.',
      description: 'Bitte beschreiben Sie die Stelle.',
      contactName: 'Bitte geben Sie eine Ansprechperson an.',
      'location.city': 'Bitte geben Sie den Ort ein.',
      'location.zipCode': 'Bitte geben Sie eine Postleitzahl mit fünf Ziffern ein.',
      'compensation.salaryPerTrainingYear': 'Höchstens 4 Ausbildungsjahre.',
      start: 'Bitte geben Sie ein gültiges Datum ein.',
    });
  });

  it('refuses a description that is empty once sanitised', async () => {
    const response = await create('organisationOwn', ownOrganizationId, { description: '<script>alert(1)</script>' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toEqual({
      description: 'Bitte beschreiben Sie die Stelle.',
    });
  });

  it('stores every rich-text field sanitised (XSS set) and plain-text fields as typed', async () => {
    for (const payload of XSS_PAYLOADS) {
      const rich = Object.fromEntries(RICH_TEXT_FIELDS.map((field) => [field, `<p>Sicher</p>${payload}`]));
      const response = await create('organisationOwn', ownOrganizationId, {
        ...rich,
        title: '<b>Titel</b> & "Zitat"',
        contactName: '<img src=x onerror=alert(1)>',
      });
      expect(response.statusCode, payload).toBe(201);
      const vacancy = response.json<VacancySaveResponse>().vacancy;
      const [row] = await testApp.database.db.select().from(vacancies).where(eq(vacancies.id, vacancy.id));
      for (const field of RICH_TEXT_FIELDS) {
        const stored = row![field] ?? '';
        expect(stored).toContain('<p>Sicher</p>');
        for (const pattern of XSS_FORBIDDEN) expect(stored, `${field}: ${payload}`).not.toMatch(pattern);
      }
      expect(row!.descriptionExcerpt).not.toMatch(/</);
      // Plain text: kept verbatim; the web app escapes it.
      expect(row!.title).toBe('<b>Titel</b> & "Zitat"');
      expect(row!.contactName).toBe('<img src=x onerror=alert(1)>');
    }
  });

  it('activates and deactivates', async () => {
    const id = (await create('organisationOwn', ownOrganizationId)).json<VacancySaveResponse>().vacancy.id;
    const on = await testApp.app.inject({
      method: 'PUT',
      url: `/rest/vacancy/${id}/activate`,
      headers: headers.organisationOwn,
    });
    expect(on.statusCode).toBe(200);
    expect(on.json<Vacancy>().active).toBe(true);
    const off = await testApp.app.inject({
      method: 'PUT',
      url: `/rest/vacancy/${id}/deactivate`,
      headers: headers.partnerInRegion,
    });
    expect(off.json<Vacancy>().active).toBe(false);
    const foreign = await testApp.app.inject({
      method: 'PUT',
      url: `/rest/vacancy/${id}/activate`,
      headers: headers.organisationOther,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('photos', () => {
  let vacancyId: string;
  beforeAll(async () => {
    vacancyId = (await create('organisationOwn', ownOrganizationId)).json<VacancySaveResponse>().vacancy.id;
  });

  it('uploads JPEG/PNG/WebP, serves them with safe headers; the first is the image', async () => {
    const ids: string[] = [];
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const response = await upload('organisationOwn', vacancyId, await makeImage(format, 120, 80), {
        filename: `foto.${format}`,
        contentType: `image/${format}`,
      });
      expect(response.statusCode).toBe(201);
      ids.push(response.json<{ photoId: string }>().photoId);
    }
    const vacancy = (
      await testApp.app.inject({ method: 'GET', url: `/rest/vacancy/${vacancyId}`, headers: headers.organisationOwn })
    ).json<Vacancy>();
    expect(vacancy.photos).toEqual(ids);
    expect(vacancy.image).toBe(ids[0]);

    const image = await testApp.app.inject({
      method: 'GET',
      url: `/rest/vacancy/${vacancyId}/photos/${ids[1]}`,
      headers: headers.organisationOwn,
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-disposition']).toBe('inline');
    expect(image.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');
    const etag = image.headers.etag as string;
    expect(etag).toMatch(/^"[a-f0-9]{32}"$/);
    const again = await testApp.app.inject({
      method: 'GET',
      url: `/rest/vacancy/${vacancyId}/photos/${ids[1]}`,
      headers: { ...headers.organisationOwn, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);

    for (const [actor, status] of [
      ['organisationOther', 404],
      ['partnerOutOfRegion', 404],
      ['statistics', 403],
      ['applicant', 403],
    ] as const) {
      const refused = await testApp.app.inject({
        method: 'GET',
        url: `/rest/vacancy/${vacancyId}/photos/${ids[1]}`,
        headers: headers[actor],
      });
      expect(refused.statusCode, actor).toBe(status);
    }
    expect(
      (await testApp.app.inject({ method: 'GET', url: `/rest/vacancy/${vacancyId}/photos/${ids[1]}` })).statusCode,
    ).toBe(401);
    // A photo of another posting is not served through this one.
    const otherVacancy = await insertVacancy(testApp.database.db, ownOrganizationId);
    expect(
      (
        await testApp.app.inject({
          method: 'GET',
          url: `/rest/vacancy/${otherVacancy}/photos/${ids[1]}`,
          headers: headers.organisationOwn,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('reorders (permutation only) and deletes photos, removing their files', async () => {
    const before = (
      await testApp.app.inject({ method: 'GET', url: `/rest/vacancy/${vacancyId}`, headers: headers.organisationOwn })
    ).json<Vacancy>();
    const reversed = [...before.photos].reverse();
    const reorder = await testApp.app.inject({
      method: 'PUT',
      url: `/rest/vacancy/${vacancyId}/photos/order`,
      headers: headers.organisationOwn,
      payload: { photoIds: reversed },
    });
    expect(reorder.statusCode).toBe(200);
    expect(reorder.json<Vacancy>()).toMatchObject({ photos: reversed, image: reversed[0] });

    for (const bad of [reversed.slice(1), [...reversed, reversed[0]], [reversed[0], reversed[0], reversed[1]]]) {
      const response = await testApp.app.inject({
        method: 'PUT',
        url: `/rest/vacancy/${vacancyId}/photos/order`,
        headers: headers.organisationOwn,
        payload: { photoIds: bad },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(
        'Die Reihenfolge muss jedes Foto der Stellenanzeige genau einmal enthalten.',
      );
    }

    const [removedKey] = (
      await testApp.database.db.select({ key: photos.storageKey }).from(photos).where(eq(photos.id, reversed[0]!))
    ).map((row) => row.key);
    const removed = await testApp.app.inject({
      method: 'DELETE',
      url: `/rest/vacancy/${vacancyId}/photos`,
      headers: headers.organisationOwn,
      payload: { photoIds: [reversed[0]] },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<Vacancy>()).toMatchObject({ photos: reversed.slice(1), image: reversed[1] });
    expect(storedFiles().some((file) => file.endsWith(removedKey!))).toBe(false);
  });

  it(`refuses more than ${MAX_PHOTOS_PER_VACANCY} photos with 409 (German) and leaves no file behind`, async () => {
    const id = await insertVacancy(testApp.database.db, ownOrganizationId);
    const image = await makeImage('png');
    for (let index = 0; index < MAX_PHOTOS_PER_VACANCY; index++)
      expect((await upload('organisationOwn', id, image)).statusCode).toBe(201);
    const filesBefore = storedFiles().length;
    const over = await upload('organisationOwn', id, image);
    expect(over.statusCode).toBe(409);
    expect(over.json<{ message: string }>().message).toContain(`höchstens ${MAX_PHOTOS_PER_VACANCY} Fotos`);
    expect(storedFiles().length).toBe(filesBefore);
  });

  it('rejects the hostile set and stores nothing of it', async () => {
    const filesBefore = storedFiles().length;
    const cases: [Buffer, string, string, number][] = [
      [RENAMED_HTML, 'harmlos.jpg', 'image/jpeg', 415],
      [SVG_WITH_SCRIPT, 'logo.png', 'image/png', 415],
      [await truncatedJpeg(), 'kaputt.jpg', 'image/jpeg', 400],
      [pixelBombPng(), 'bombe.png', 'image/png', 400],
    ];
    for (const [data, filename, contentType, status] of cases) {
      const response = await upload('organisationOwn', vacancyId, data, { filename, contentType });
      expect(response.statusCode, filename).toBe(status);
      expect(response.json<{ message: string }>().message).toMatch(/Bild|Format/);
    }
    expect(storedFiles().length).toBe(filesBefore);
  });

  it('accepts a photo of several MB (above the JSON body limit, below MAX_UPLOAD_BYTES)', async () => {
    const noise = Buffer.alloc(1600 * 1200 * 3);
    for (let index = 0; index < noise.length; index++) noise[index] = (index * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 1600, height: 1200, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    const response = await upload('organisationOwn', vacancyId, big);
    expect(response.statusCode).toBe(201);
  });

  it('answers 413 for files above the upload limit and 400 without a file field', async () => {
    const huge = Buffer.concat([await makeImage('jpeg'), Buffer.alloc(11 * 1024 * 1024)]);
    const tooLarge = await upload('organisationOwn', vacancyId, huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json<{ code: string }>().code).toBe('PAYLOAD_TOO_LARGE');
    const wrongField = await upload('organisationOwn', vacancyId, await makeImage('png'), { field: 'bild' });
    expect(wrongField.statusCode).toBe(400);
    const json = await testApp.app.inject({
      method: 'POST',
      url: `/rest/vacancy/${vacancyId}/photos`,
      headers: headers.organisationOwn,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
  });

  it('stores a GPS-tagged photo without any EXIF (every stored file checked)', async () => {
    const response = await upload('organisationOwn', vacancyId, await jpegWithGpsExif());
    expect(response.statusCode).toBe(201);
    for (const file of storedFiles()) {
      const metadata = await sharp(file).metadata();
      expect(metadata.exif, file).toBeUndefined();
      expect(metadata.xmp, file).toBeUndefined();
    }
  });
});

describe('DELETE /rest/vacancy/{id}', () => {
  it('removes the posting, its photo rows and files', async () => {
    const id = (await create('organisationOwn', ownOrganizationId)).json<VacancySaveResponse>().vacancy.id;
    await upload('organisationOwn', id, await makeImage('png'));
    const keys = await storageKeysOf(id);
    expect(keys).toHaveLength(1);
    expect(
      (await testApp.app.inject({ method: 'DELETE', url: `/rest/vacancy/${id}`, headers: headers.organisationOther }))
        .statusCode,
    ).toBe(404);
    const response = await testApp.app.inject({
      method: 'DELETE',
      url: `/rest/vacancy/${id}`,
      headers: headers.organisationOwn,
    });
    expect(response.statusCode).toBe(204);
    expect(await testApp.database.db.select().from(vacancies).where(eq(vacancies.id, id))).toEqual([]);
    expect(await storageKeysOf(id)).toEqual([]);
    expect(storedFiles().some((file) => file.endsWith(keys[0]!))).toBe(false);
    expect(
      (await testApp.app.inject({ method: 'GET', url: `/rest/vacancy/${id}`, headers: headers.organisationOwn }))
        .statusCode,
    ).toBe(404);
  });
});

describe('GET /rest/vacancy (list)', () => {
  let horbOrganizationId: string;
  beforeAll(async () => {
    // A region with many postings from several organisations.
    const db = testApp.database.db;
    horbOrganizationId = await insertOrganization(db, { name: 'Aaa Listentest Horb GmbH', region: 'HORB' });
    const zzz = await insertOrganization(db, { name: 'Zzz Listentest Horb GmbH', region: 'HORB' });
    for (let index = 0; index < 30; index++) {
      await insertVacancy(db, index % 2 ? horbOrganizationId : zzz, {
        title: `Stelle ${String(index).padStart(2, '0')}`,
        descriptionExcerpt: `Auszug ${index}`,
      });
    }
  });

  async function list(actor: ActorName, query = '') {
    const response = await testApp.app.inject({ method: 'GET', url: `/rest/vacancy${query}`, headers: headers[actor] });
    expect(response.statusCode).toBe(200);
    return response.json<VacancyListResponse>();
  }

  it('organisation users see only their own postings, with the first photo as image', async () => {
    const body = await list('organisationOwn', '?pageSize=100');
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.every((item) => item.organizationId === ownOrganizationId)).toBe(true);
    expect(body.total).toBe(body.items.length);
    const seeded = body.items.find((item) => item.title === 'Ausbildung Mechatroniker/in (m/w/d) 2027');
    expect(seeded).toMatchObject({
      active: true,
      salaryRange: '1.200–1.450 € brutto',
      organizationName: 'Schwabenwerk Präzisionstechnik GmbH',
      start: '2027-09-01',
    });
    expect(seeded?.image).toMatch(/^[0-9a-f-]{36}$/);
    expect(seeded?.descriptionExcerpt).toMatch(/^Du willst wissen/);
    expect(seeded?.descriptionExcerpt).not.toMatch(/</);
    const full = (
      await testApp.app.inject({ method: 'GET', url: `/rest/vacancy/${seeded!.id}`, headers: headers.organisationOwn })
    ).json<Vacancy>();
    expect(seeded!.image).toBe(full.image);
  });

  it('partners see only their regions, sorted by organisation name then title, without images', async () => {
    const body = await list('partnerOutOfRegion', '?pageSize=100');
    const regions = new Set<string>();
    for (const item of body.items) {
      const [org] = await testApp.database.db
        .select({ region: organizations.region })
        .from(organizations)
        .where(eq(organizations.id, item.organizationId));
      regions.add(org!.region);
    }
    expect([...regions].sort()).toEqual(['HORB', 'LICHTENFELS']);
    expect(body.items.every((item) => item.image === null)).toBe(true);
    const keys = body.items.map((item) => [item.organizationName, item.title] as const);
    const sorted = [...keys].sort((a, b) => a[0].localeCompare(b[0], 'en') || a[1].localeCompare(b[1], 'en'));
    expect(keys.map((key) => key.join(' / '))).toEqual(sorted.map((key) => key.join(' / ')));
    expect(body.items[0]!.organizationName).toBe('Aaa Listentest Horb GmbH');
    expect(body.items[0]!.title).toBe('Stelle 01');

    const sindelfingen = await list('partnerInRegion', '?pageSize=100');
    expect(sindelfingen.items.some((item) => item.organizationId === horbOrganizationId)).toBe(false);
    expect(sindelfingen.items.some((item) => item.organizationId === ownOrganizationId)).toBe(true);
  });

  it('pages and counts in SQL; sorts and searches', async () => {
    const first = await list('partnerOutOfRegion', '?page=0&pageSize=10&search=Listentest');
    const second = await list('partnerOutOfRegion', '?page=1&pageSize=10&search=Listentest');
    const last = await list('partnerOutOfRegion', '?page=3&pageSize=10&search=Listentest');
    expect(first.total).toBe(30);
    expect(first.items).toHaveLength(10);
    expect(second.items).toHaveLength(10);
    expect(last.items).toHaveLength(0);
    expect(new Set([...first.items, ...second.items].map((item) => item.id)).size).toBe(20);
    const byTitleDesc = await list('partnerOutOfRegion', '?sort=title&order=desc&pageSize=3&search=Stelle');
    expect(byTitleDesc.items.map((item) => item.title)).toEqual(['Stelle 29', 'Stelle 28', 'Stelle 27']);
    expect((await list('admin', '?search=100%25')).total).toBe(0);
  });

  it('admins see every organisation; statistics users and applicants are refused', async () => {
    const admin = await list('admin', '?pageSize=100');
    expect(admin.total).toBeGreaterThan(40);
    expect(new Set(admin.items.map((item) => item.organizationId)).size).toBeGreaterThan(5);
    for (const actor of ['statistics', 'applicant'] as const) {
      expect(
        (await testApp.app.inject({ method: 'GET', url: '/rest/vacancy', headers: headers[actor] })).statusCode,
      ).toBe(403);
    }
    const invalid = await testApp.app.inject({
      method: 'GET',
      url: '/rest/vacancy?pageSize=1000&sort=secret',
      headers: headers.admin,
    });
    expect(invalid.statusCode).toBe(400);
  });
});
