/**
 * CSRF: a state-changing request with the session cookie must come from PUBLIC_URL's origin
 * (or a configured extra origin). Against the real app (PGlite, and PostgreSQL with
 * TEST_DATABASE_URL); every refused request must leave the data as it was.
 */
import { ERROR_MESSAGES } from '@matchwerk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, photos, users } from '../db/schema/index';
import { bearer, cookieHeader, createSessionToken, createTestUser, signIn } from '../testing/actors';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../testing/test-app';
import { makeImage, multipartBody } from '../testing/uploads';
import { isAllowedRequest } from './same-origin';

const EVIL = 'https://evil.example';
const DEV_SERVER = 'http://localhost:5173';

let testApp: TestApp;
let userId: string;
let organizationId: string;
let cookie: string;

async function settingsOf(id: string) {
  const [row] = await testApp.database.db
    .select({ notifyViaMail: users.notifyViaMail, interval: users.notificationInterval })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

function putSettings(headers: Record<string, string>, interval: 'DAILY' | 'WEEKLY' | 'IMMEDIATELY') {
  return testApp.app.inject({
    method: 'PUT',
    url: `/rest/users/organization/${userId}/notifications`,
    headers,
    payload: { notifyViaMail: true, interval },
  });
}

async function uploadLogo(headers: Record<string, string>) {
  const body = multipartBody(await makeImage('png'), { filename: 'logo.png', contentType: 'image/png' });
  return testApp.app.inject({
    method: 'POST',
    url: `/rest/organization/${organizationId}/photo`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

function expectRefused(response: { statusCode: number; json<T>(): T }) {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({ code: 'CROSS_SITE_REQUEST', message: ERROR_MESSAGES.CROSS_SITE_REQUEST });
}

beforeAll(async () => {
  testApp = await createTestApp({ extraTrustedOrigins: [DEV_SERVER] });
  const owner = await createTestUser(testApp, {
    type: 'ORGANIZATION',
    organization: { name: 'Herkunft GmbH', region: 'SINDELFINGEN' },
  });
  userId = owner.id;
  organizationId = owner.organizationId!;
  const login = await signIn(testApp, owner.email);
  expect(login.statusCode).toBe(200);
  cookie = cookieHeader(login);
  await testApp.database.db
    .update(users)
    .set({ notifyViaMail: false, notificationInterval: 'WEEKLY' })
    .where(eq(users.id, userId));
});

afterAll(async () => {
  await testApp?.close();
});

describe('state-changing requests with the session cookie', () => {
  it('refuses a cross-origin JSON PUT and changes nothing', async () => {
    expectRefused(await putSettings({ cookie, origin: EVIL }, 'DAILY'));
    expect(await settingsOf(userId)).toEqual({ notifyViaMail: false, interval: 'WEEKLY' });
  });

  it('refuses a cross-origin multipart upload before the file is read, and stores nothing', async () => {
    const response = await uploadLogo({ cookie, origin: EVIL });
    expectRefused(response);
    const [organization] = await testApp.database.db
      .select({ logo: organizations.logoPhotoId })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    expect(organization?.logo ?? null).toBeNull();
    expect(await testApp.database.db.select().from(photos).where(eq(photos.organizationId, organizationId))).toEqual(
      [],
    );
  });

  it('refuses Sec-Fetch-Site: cross-site (or same-site) without Origin', async () => {
    expectRefused(await putSettings({ cookie, 'sec-fetch-site': 'cross-site' }, 'DAILY'));
    expectRefused(await putSettings({ cookie, 'sec-fetch-site': 'same-site' }, 'DAILY'));
    expectRefused(await putSettings({ cookie, origin: 'null', 'sec-fetch-site': 'cross-site' }, 'DAILY'));
    expect(await settingsOf(userId)).toEqual({ notifyViaMail: false, interval: 'WEEKLY' });
  });

  it('refuses a request with neither Origin nor Sec-Fetch-Site (fail closed)', async () => {
    expectRefused(await putSettings({ cookie }, 'DAILY'));
    expectRefused(
      await testApp.app.inject({ method: 'DELETE', url: `/rest/organization/${organizationId}`, headers: { cookie } }),
    );
    expect(await settingsOf(userId)).toEqual({ notifyViaMail: false, interval: 'WEEKLY' });
    const [organization] = await testApp.database.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    expect(organization).toBeDefined();
  });

  it('guards the better-auth endpoints too (sign-out with a foreign origin keeps the session)', async () => {
    expectRefused(
      await testApp.app.inject({
        method: 'POST',
        url: '/rest/auth/sign-out',
        headers: { cookie, origin: EVIL },
        payload: {},
      }),
    );
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/rest/users/current-user', headers: { cookie } })).statusCode,
    ).toBe(200);
  });

  it('allows the own origin, the dev-server origin and a same-origin form post (Origin: null + Sec-Fetch-Site)', async () => {
    const own = await putSettings({ cookie, origin: TEST_ORIGIN }, 'DAILY');
    expect(own.statusCode).toBe(200);
    expect(await settingsOf(userId)).toEqual({ notifyViaMail: true, interval: 'DAILY' });
    expect((await putSettings({ cookie, origin: DEV_SERVER }, 'IMMEDIATELY')).statusCode).toBe(200);
    expect((await putSettings({ cookie, origin: 'null', 'sec-fetch-site': 'same-origin' }, 'WEEKLY')).statusCode).toBe(
      200,
    );
    expect((await putSettings({ cookie, 'sec-fetch-site': 'same-origin' }, 'WEEKLY')).statusCode).toBe(200);
    expect((await uploadLogo({ cookie, origin: TEST_ORIGIN })).statusCode).toBe(200);
  });

  it('leaves Bearer requests (candidate app) alone, whatever their origin', async () => {
    const token = await createSessionToken(testApp, userId);
    const response = await putSettings({ ...bearer(token), origin: EVIL, cookie: 'tracking=1' }, 'DAILY');
    expect(response.statusCode).toBe(200);
    expect((await putSettings({ ...bearer(token) }, 'WEEKLY')).statusCode).toBe(200);
  });

  it('leaves GET requests alone', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/rest/users/current-user',
      headers: { cookie, origin: EVIL, 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('leaves requests without a cookie to the route (they are anonymous)', async () => {
    const response = await putSettings({ origin: EVIL }, 'DAILY');
    expect(response.statusCode).toBe(401);
  });
});

describe('isAllowedRequest', () => {
  const trusted = new Set([TEST_ORIGIN]);
  const post = (headers: Record<string, string>) => isAllowedRequest({ method: 'POST', headers }, trusted);

  it('compares Origin exactly (scheme, host and port)', () => {
    expect(post({ cookie: 'a=1', origin: TEST_ORIGIN })).toBe(true);
    expect(post({ cookie: 'a=1', origin: 'https://localhost:3000' })).toBe(false);
    expect(post({ cookie: 'a=1', origin: 'http://localhost:3001' })).toBe(false);
    expect(post({ cookie: 'a=1', origin: 'http://localhost:3000.evil.example' })).toBe(false);
    // A trusted Origin wins over a contradicting Sec-Fetch-Site only when Origin is real; a foreign one never passes.
    expect(post({ cookie: 'a=1', origin: EVIL, 'sec-fetch-site': 'same-origin' })).toBe(false);
  });

  it('accepts Sec-Fetch-Site none (typed by the user) and refuses a malformed Bearer header', () => {
    expect(post({ cookie: 'a=1', 'sec-fetch-site': 'none' })).toBe(true);
    expect(post({ cookie: 'a=1', authorization: 'Bearer ' })).toBe(false);
    expect(post({ cookie: 'a=1', authorization: 'Basic abc' })).toBe(false);
    expect(isAllowedRequest({ method: 'patch', headers: { cookie: 'a=1' } }, trusted)).toBe(false);
    expect(isAllowedRequest({ method: 'OPTIONS', headers: { cookie: 'a=1' } }, trusted)).toBe(true);
  });
});
