import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  ERROR_MESSAGES,
  ORGANIZATION_MESSAGES,
  PHONE_MESSAGES,
  type CurrentUser,
  type Organization,
  type OrganizationListResponse,
} from '@matchwerk/shared';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAccounts, authSessions, authUsers, organizations, photos, users, vacancies } from '../../db/schema/index';
import {
  actorHeaders,
  bearer,
  cookieHeader,
  createSessionToken,
  createTestUser,
  signIn,
  type ActorName,
} from '../../testing/actors';
import { insertVacancy } from '../../testing/fixtures';
import { RENAMED_HTML } from '../../testing/hostile';
import { createTestApp, TEST_ORIGIN, TEST_PASSWORD, type TestApp } from '../../testing/test-app';
import { makeImage, multipartBody } from '../../testing/uploads';

let testApp: TestApp;
let headers: Record<ActorName, Record<string, string>>;
let ownOrganizationId: string;
let otherOrganizationId: string;
let ownUserId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  headers = await actorHeaders(testApp);
  const me = async (actor: ActorName) =>
    (
      await testApp.app.inject({ method: 'GET', url: '/rest/users/current-user', headers: headers[actor] })
    ).json<CurrentUser>();
  const own = await me('organisationOwn');
  ownOrganizationId = own.organizationId!;
  ownUserId = own.id;
  otherOrganizationId = (await me('organisationOther')).organizationId!;
});
afterAll(async () => {
  await testApp?.close();
});

const fileOf = (key: string) => path.join(testApp.uploadDir, key);

async function logoKey(organizationId: string): Promise<string | null> {
  const [org] = await testApp.database.db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!org?.logoPhotoId) return null;
  const [photo] = await testApp.database.db.select().from(photos).where(eq(photos.id, org.logoPhotoId));
  return photo?.storageKey ?? null;
}

function uploadLogo(requestHeaders: Record<string, string>, organizationId: string, data: Buffer) {
  const body = multipartBody(data, { filename: 'logo.png', contentType: 'image/png' });
  return testApp.app.inject({
    method: 'POST',
    url: `/rest/organization/${organizationId}/photo`,
    headers: { ...requestHeaders, ...body.headers },
    payload: body.payload,
  });
}

const profileInput = (overrides: Record<string, unknown> = {}) => ({
  name: 'Schwabenwerk Präzisionstechnik GmbH',
  region: 'SINDELFINGEN',
  employeeCount: 250,
  branch: 'Maschinenbau',
  about: 'Zeile 1\nZeile 2',
  contactName: 'Sabine Keller',
  contactPhone: '07031 123450',
  contactMail: 'Ausbildung@Schwabenwerk.example',
  links: {
    website: 'www.schwabenwerk.example',
    dataProtection: 'https://schwabenwerk.example/datenschutz',
    linkedin: null,
    xing: '',
    instagram: null,
    facebook: null,
  },
  ...overrides,
});

describe('GET/PUT /rest/organization/{id}', () => {
  it('returns the profile to its user, the region partner and admins only', async () => {
    const own = await testApp.app.inject({
      method: 'GET',
      url: `/rest/organization/${ownOrganizationId}`,
      headers: headers.organisationOwn,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json<Organization>()).toMatchObject({
      id: ownOrganizationId,
      name: 'Schwabenwerk Präzisionstechnik GmbH',
      region: 'SINDELFINGEN',
      member: true,
      employeeCount: 240,
    });
    expect(own.json<Organization>().logoPhotoId).toMatch(/^[0-9a-f-]{36}$/);
    for (const [actor, status] of [
      ['partnerInRegion', 200],
      ['admin', 200],
      ['organisationOther', 404],
      ['partnerOutOfRegion', 404],
      ['statistics', 403],
      ['applicant', 403],
    ] as const) {
      expect(
        (
          await testApp.app.inject({
            method: 'GET',
            url: `/rest/organization/${ownOrganizationId}`,
            headers: headers[actor],
          })
        ).statusCode,
        actor,
      ).toBe(status);
    }
    expect(
      (
        await testApp.app.inject({
          method: 'GET',
          url: '/rest/organization/00000000-0000-4000-8000-000000000000',
          headers: headers.admin,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('updates every field; company texts are stored verbatim as plain text', async () => {
    const hostile = '<script>alert(1)</script><img src=x onerror=alert(2)> & "Anführung"';
    const response = await testApp.app.inject({
      method: 'PUT',
      url: `/rest/organization/${ownOrganizationId}`,
      headers: headers.organisationOwn,
      payload: profileInput({ name: `Schwabenwerk ${hostile}`, about: hostile, branch: hostile, contactName: hostile }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Organization>()).toMatchObject({
      name: `Schwabenwerk ${hostile}`,
      about: hostile,
      branch: hostile,
      contactName: hostile,
      employeeCount: 250,
      contactMail: 'ausbildung@schwabenwerk.example',
      links: {
        website: 'https://www.schwabenwerk.example',
        dataProtection: 'https://schwabenwerk.example/datenschutz',
        linkedin: null,
        xing: null,
      },
      active: true,
      member: true,
    });
    const [row] = await testApp.database.db.select().from(organizations).where(eq(organizations.id, ownOrganizationId));
    expect(row?.about).toBe(hostile);
    await testApp.app.inject({
      method: 'PUT',
      url: `/rest/organization/${ownOrganizationId}`,
      headers: headers.organisationOwn,
      payload: profileInput(),
    });
  });

  it('refuses javascript: links and bad input with German field messages', async () => {
    const response = await testApp.app.inject({
      method: 'PUT',
      url: `/rest/organization/${ownOrganizationId}`,
      headers: headers.organisationOwn,
      payload: profileInput({
        name: '',
        links: { website: 'javascript:alert(1)' },
        contactMail: 'kein-mail',
        region: 'ATLANTIS',
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toMatchObject({
      name: 'Bitte geben Sie den Namen Ihres Unternehmens ein.',
      'links.website': 'Bitte geben Sie eine Internetadresse mit http:// oder https:// ein.',
      contactMail: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      region: 'Bitte wählen Sie eine gültige Region.',
    });
  });

  it('stores phone and links normalised (issue #14), refuses a wrong number in German at its field', async () => {
    const put = (overrides: Record<string, unknown>) =>
      testApp.app.inject({
        method: 'PUT',
        url: `/rest/organization/${ownOrganizationId}`,
        headers: headers.organisationOwn,
        payload: profileInput(overrides),
      });
    const saved = await put({
      contactPhone: '+49 (0)30 123456',
      links: { website: 'HTTP://Beispiel.DE/Pfad', linkedin: 'linkedin.com/company/Schwabenwerk' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Organization>()).toMatchObject({
      contactPhone: '+49 30 123456',
      links: { website: 'http://beispiel.de/Pfad', linkedin: 'https://linkedin.com/company/Schwabenwerk' },
    });
    const refused = await put({ contactPhone: '030 12' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: ERROR_MESSAGES.VALIDATION_FAILED,
      fieldErrors: { contactPhone: PHONE_MESSAGES.invalid },
    });
    await put({});
  });

  it('a profile stored before these rules stays readable; saving it again fixes what no longer validates', async () => {
    await testApp.database.db
      .update(organizations)
      .set({ contactPhone: 'Zentrale 0815', linkWebsite: 'schwabenwerk' })
      .where(eq(organizations.id, ownOrganizationId));
    const read = await testApp.app.inject({
      method: 'GET',
      url: `/rest/organization/${ownOrganizationId}`,
      headers: headers.organisationOwn,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json<Organization>()).toMatchObject({
      contactPhone: 'Zentrale 0815',
      links: { website: 'schwabenwerk' },
    });
    const fixed = await testApp.app.inject({
      method: 'PUT',
      url: `/rest/organization/${ownOrganizationId}`,
      headers: headers.organisationOwn,
      payload: profileInput(),
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json<Organization>()).toMatchObject({
      contactPhone: '+49 7031 123450',
      links: { website: 'https://www.schwabenwerk.example' },
    });
  });

  it('a partner may not move an organisation out of its regions; admins may', async () => {
    const moved = await testApp.app.inject({
      method: 'PUT',
      url: `/rest/organization/${ownOrganizationId}`,
      headers: headers.partnerInRegion,
      payload: profileInput({ region: 'HORB' }),
    });
    expect(moved.statusCode).toBe(403);
    expect(moved.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toEqual({
      region: ORGANIZATION_MESSAGES.regionOutsidePartner,
    });
    const byAdmin = await testApp.app.inject({
      method: 'PUT',
      url: `/rest/organization/${otherOrganizationId}`,
      headers: headers.admin,
      payload: profileInput({ name: 'Korbmacherei Obermain e. K.', region: 'LICHTENFELS' }),
    });
    expect(byAdmin.statusCode).toBe(200);
  });

  it('an organisation user cannot change its own region (refused, not dropped); its partner can, within its regions', async () => {
    const regionOf = async (id: string) =>
      (
        await testApp.database.db
          .select({ region: organizations.region })
          .from(organizations)
          .where(eq(organizations.id, id))
      )[0]?.region;
    const own = await testApp.app.inject({
      method: 'PUT',
      url: `/rest/organization/${otherOrganizationId}`,
      headers: headers.organisationOther,
      payload: profileInput({ name: 'Korbmacherei Obermain e. K.', region: 'HORB', branch: 'Nie gespeichert' }),
    });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({
      code: 'FORBIDDEN',
      message: ORGANIZATION_MESSAGES.regionLocked,
      fieldErrors: { region: ORGANIZATION_MESSAGES.regionLocked },
    });
    expect(await regionOf(otherOrganizationId)).toBe('LICHTENFELS');
    // Nothing else was saved either.
    const [row] = await testApp.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, otherOrganizationId));
    expect(row?.branch).not.toBe('Nie gespeichert');

    // Keeping the region is fine.
    const same = await testApp.app.inject({
      method: 'PUT',
      url: `/rest/organization/${otherOrganizationId}`,
      headers: headers.organisationOther,
      payload: profileInput({ name: 'Korbmacherei Obermain e. K.', region: 'LICHTENFELS' }),
    });
    expect(same.statusCode).toBe(200);

    // The partner of LICHTENFELS and HORB moves it between its own regions, and back.
    for (const region of ['HORB', 'LICHTENFELS']) {
      const byPartner = await testApp.app.inject({
        method: 'PUT',
        url: `/rest/organization/${otherOrganizationId}`,
        headers: headers.partnerOutOfRegion,
        payload: profileInput({ name: 'Korbmacherei Obermain e. K.', region }),
      });
      expect(byPartner.statusCode, region).toBe(200);
      expect(await regionOf(otherOrganizationId)).toBe(region);
    }
  });
});

describe('logo', () => {
  it('uploads a new logo, removes the old file, serves it safely', async () => {
    const oldKey = await logoKey(ownOrganizationId);
    expect(oldKey && existsSync(fileOf(oldKey))).toBe(true);
    const response = await uploadLogo(headers.organisationOwn, ownOrganizationId, await makeImage('png', 300, 300));
    expect(response.statusCode).toBe(200);
    const organization = response.json<Organization>();
    const newKey = await logoKey(ownOrganizationId);
    expect(newKey).not.toBe(oldKey);
    expect(existsSync(fileOf(oldKey!))).toBe(false);
    expect(existsSync(fileOf(newKey!))).toBe(true);

    const image = await testApp.app.inject({
      method: 'GET',
      url: `/rest/organization/${ownOrganizationId}/photos/${organization.logoPhotoId}`,
      headers: headers.partnerInRegion,
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers).toMatchObject({
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
    });
    expect((await sharp(image.rawPayload).metadata()).width).toBe(300);
    const foreign = await testApp.app.inject({
      method: 'GET',
      url: `/rest/organization/${ownOrganizationId}/photos/${organization.logoPhotoId}`,
      headers: headers.organisationOther,
    });
    expect(foreign.statusCode).toBe(404);
    // The logo id does not serve through another organisation.
    const crossed = await testApp.app.inject({
      method: 'GET',
      url: `/rest/organization/${otherOrganizationId}/photos/${organization.logoPhotoId}`,
      headers: headers.admin,
    });
    expect(crossed.statusCode).toBe(404);
  });

  it('refuses a renamed HTML file and keeps the current logo', async () => {
    const before = await logoKey(ownOrganizationId);
    const response = await uploadLogo(headers.organisationOwn, ownOrganizationId, RENAMED_HTML);
    expect(response.statusCode).toBe(415);
    expect(response.json<{ message: string }>().message).toBe(
      'Bitte laden Sie ein Bild im Format JPEG, PNG oder WebP hoch.',
    );
    expect(await logoKey(ownOrganizationId)).toBe(before);
  });

  it('removes the logo and its file', async () => {
    const key = await logoKey(ownOrganizationId);
    const response = await testApp.app.inject({
      method: 'DELETE',
      url: `/rest/organization/${ownOrganizationId}/photos`,
      headers: headers.organisationOwn,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Organization>().logoPhotoId).toBeNull();
    expect(existsSync(fileOf(key!))).toBe(false);
    expect(await testApp.database.db.select().from(photos).where(eq(photos.storageKey, key!))).toEqual([]);
  });
});

describe('GET /rest/organization/ (managed organisations)', () => {
  it('admins see all, partners their regions, organisation users none', async () => {
    const admin = await testApp.app.inject({
      method: 'GET',
      url: '/rest/organization/?pageSize=100',
      headers: headers.admin,
    });
    expect(admin.json<OrganizationListResponse>().total).toBeGreaterThanOrEqual(9);
    const partner = (
      await testApp.app.inject({
        method: 'GET',
        url: '/rest/organization/?pageSize=100',
        headers: headers.partnerOutOfRegion,
      })
    ).json<OrganizationListResponse>();
    expect(new Set(partner.items.map((item) => item.region))).toEqual(new Set(['LICHTENFELS', 'HORB']));
    const names = partner.items.map((item) => item.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    const search = (
      await testApp.app.inject({ method: 'GET', url: '/rest/organization/?search=korb', headers: headers.admin })
    ).json<OrganizationListResponse>();
    expect(search.items.map((item) => item.name)).toEqual(['Korbmacherei Obermain e. K.']);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/rest/organization/', headers: headers.organisationOwn }))
        .statusCode,
    ).toBe(403);
  });

  it('hides sign-ups with an unconfirmed e-mail from partners; admins see them marked', async () => {
    const pending = await createTestUser(testApp, {
      type: 'ORGANIZATION',
      emailVerified: false,
      organization: { name: 'Zweifelhaft Unbestätigt GmbH', region: 'SINDELFINGEN' },
    });
    // One confirmed user is enough to count as confirmed.
    const mixed = await createTestUser(testApp, {
      type: 'ORGANIZATION',
      emailVerified: false,
      organization: { name: 'Zweifelhaft Gemischt GmbH', region: 'SINDELFINGEN' },
    });
    await createTestUser(testApp, { type: 'ORGANIZATION', emailVerified: true, organization: mixed.organizationId! });
    const list = async (actor: ActorName) =>
      (
        await testApp.app.inject({
          method: 'GET',
          url: '/rest/organization/?search=zweifelhaft&pageSize=100',
          headers: headers[actor],
        })
      ).json<OrganizationListResponse>();

    const partner = await list('partnerInRegion');
    expect(partner.items.map((item) => [item.name, item.emailVerified])).toEqual([['Zweifelhaft Gemischt GmbH', true]]);
    expect(partner.total).toBe(1);
    const admin = await list('admin');
    expect(admin.items.map((item) => [item.name, item.emailVerified])).toEqual([
      ['Zweifelhaft Gemischt GmbH', true],
      ['Zweifelhaft Unbestätigt GmbH', false],
    ]);

    // Once the address is confirmed, the partner sees it too.
    await testApp.database.db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.id, pending.id));
    expect((await list('partnerInRegion')).items.map((item) => item.name)).toEqual([
      'Zweifelhaft Gemischt GmbH',
      'Zweifelhaft Unbestätigt GmbH',
    ]);
  });
});

describe('PUT /rest/users/organization/{userId}/notifications', () => {
  it('the user sets their own; admins may set an organisation user; others are refused', async () => {
    const own = await testApp.app.inject({
      method: 'PUT',
      url: `/rest/users/organization/${ownUserId}/notifications`,
      headers: headers.organisationOwn,
      payload: { notifyViaMail: false, interval: 'WEEKLY' },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json<CurrentUser>()).toMatchObject({
      id: ownUserId,
      notifications: { notifyViaMail: false, interval: 'WEEKLY' },
    });
    const me = await testApp.app.inject({
      method: 'GET',
      url: '/rest/users/current-user',
      headers: headers.organisationOwn,
    });
    expect(me.json<CurrentUser>().notifications).toEqual({ notifyViaMail: false, interval: 'WEEKLY' });

    const admin = await testApp.app.inject({
      method: 'PUT',
      url: `/rest/users/organization/${ownUserId}/notifications`,
      headers: headers.admin,
      payload: { notifyViaMail: true, interval: 'IMMEDIATELY' },
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json<CurrentUser>()).toMatchObject({
      id: ownUserId,
      email: 'firma@matchwerk.example',
      notifications: { notifyViaMail: true, interval: 'IMMEDIATELY' },
    });

    // Another company's user: 404, as for an unknown id (403 would confirm the id exists).
    expect(
      (
        await testApp.app.inject({
          method: 'PUT',
          url: `/rest/users/organization/${ownUserId}/notifications`,
          headers: headers.organisationOther,
          payload: { notifyViaMail: true, interval: 'DAILY' },
        })
      ).statusCode,
    ).toBe(404);
    const partnerId = await testApp.userIdOf('partner@matchwerk.example');
    expect(
      (
        await testApp.app.inject({
          method: 'PUT',
          url: `/rest/users/organization/${partnerId}/notifications`,
          headers: headers.admin,
          payload: { notifyViaMail: true, interval: 'DAILY' },
        })
      ).statusCode,
    ).toBe(403);
    const invalid = await testApp.app.inject({
      method: 'PUT',
      url: `/rest/users/organization/${ownUserId}/notifications`,
      headers: headers.organisationOwn,
      payload: { notifyViaMail: 'ja', interval: 'STÜNDLICH' },
    });
    expect(invalid.statusCode).toBe(400);
  });
});

describe('DELETE /rest/organization/{id} (delete company account)', () => {
  it('removes the organisation, its users, sessions, accounts, postings, photos and files; signs the user out', async () => {
    const db = testApp.database.db;
    const owner = await createTestUser(testApp, {
      type: 'ORGANIZATION',
      email: 'loeschen@test.example',
      organization: { name: 'Löschmich GmbH', region: 'SINDELFINGEN' },
    });
    const organizationId = owner.organizationId!;
    const colleague = await createTestUser(testApp, {
      type: 'ORGANIZATION',
      email: 'kollegin@test.example',
      organization: organizationId,
    });
    await createSessionToken(testApp, colleague.id);
    const login = await signIn(testApp, owner.email);
    expect(login.statusCode).toBe(200);
    const cookie = cookieHeader(login);

    const vacancyId = await insertVacancy(db, organizationId);
    const body = multipartBody(await makeImage('jpeg'));
    expect(
      (
        await testApp.app.inject({
          method: 'POST',
          url: `/rest/vacancy/${vacancyId}/photos`,
          headers: { cookie, origin: 'http://localhost:3000', ...body.headers },
          payload: body.payload,
        })
      ).statusCode,
    ).toBe(201);
    expect((await uploadLogo({ cookie, origin: TEST_ORIGIN }, organizationId, await makeImage('png'))).statusCode).toBe(
      200,
    );
    const keys = (
      await db.select({ key: photos.storageKey }).from(photos).where(eq(photos.organizationId, organizationId))
    ).map((row) => row.key);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(existsSync(fileOf(key))).toBe(true);

    // Others cannot, and learn nothing (404 as for an unknown id).
    expect(
      (
        await testApp.app.inject({
          method: 'DELETE',
          url: `/rest/organization/${organizationId}`,
          headers: headers.organisationOwn,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await testApp.app.inject({
          method: 'DELETE',
          url: `/rest/organization/${organizationId}`,
          headers: headers.partnerOutOfRegion,
        })
      ).statusCode,
    ).toBe(404);

    const response = await testApp.app.inject({
      method: 'DELETE',
      url: `/rest/organization/${organizationId}`,
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(response.statusCode).toBe(204);
    const cleared = response.cookies.filter((item) => item.name.includes('session_token'));
    expect(cleared.length).toBeGreaterThan(0);
    expect(cleared.every((item) => item.value === '' && item.maxAge === 0)).toBe(true);

    const userIds = [owner.id, colleague.id];
    expect(await db.select().from(organizations).where(eq(organizations.id, organizationId))).toEqual([]);
    expect(await db.select().from(users).where(inArray(users.id, userIds))).toEqual([]);
    expect(await db.select().from(authUsers).where(inArray(authUsers.id, userIds))).toEqual([]);
    expect(await db.select().from(authSessions).where(inArray(authSessions.userId, userIds))).toEqual([]);
    expect(await db.select().from(authAccounts).where(inArray(authAccounts.userId, userIds))).toEqual([]);
    expect(await db.select().from(vacancies).where(eq(vacancies.organizationId, organizationId))).toEqual([]);
    expect(await db.select().from(photos).where(eq(photos.organizationId, organizationId))).toEqual([]);
    for (const key of keys) expect(existsSync(fileOf(key))).toBe(false);

    expect(
      (await testApp.app.inject({ method: 'GET', url: '/rest/users/current-user', headers: { cookie } })).statusCode,
    ).toBe(401);
    expect((await signIn(testApp, owner.email, TEST_PASSWORD)).statusCode).toBe(401);
    // Everyone else is untouched.
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/rest/users/current-user', headers: headers.organisationOwn }))
        .statusCode,
    ).toBe(200);
  });

  it('admins delete any organisation (204) without signing themselves out', async () => {
    const owner = await createTestUser(testApp, {
      type: 'ORGANIZATION',
      organization: { name: 'Admin-Löschtest GmbH', region: 'HORB' },
    });
    const token = await createSessionToken(testApp, owner.id);
    const response = await testApp.app.inject({
      method: 'DELETE',
      url: `/rest/organization/${owner.organizationId}`,
      headers: headers.admin,
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/rest/users/current-user', headers: bearer(token) })).statusCode,
    ).toBe(401);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/rest/users/current-user', headers: headers.admin })).statusCode,
    ).toBe(200);
  });
});
