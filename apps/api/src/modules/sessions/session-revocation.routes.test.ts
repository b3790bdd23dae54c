/**
 * Route tests (PGlite, and PostgreSQL with TEST_DATABASE_URL): every way a session ends is
 * effective on the very next request — a chat poll whose session is cached included — and the
 * session answers stay honest (browser-session cookies, no tokens in lists, no-store).
 * With TEST_REDIS_URL, two app instances share Redis: a revocation on one reaches the other.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type BuiltApp } from '../../app';
import { TEST_AUTH_SECRET } from '../../config/env';
import { authSessions, authUsers } from '../../db/schema/auth';
import { applicantPhotos, chats, matchings, messages } from '../../db/schema/marketplace';
import { users } from '../../db/schema/users';
import { ACTOR_EMAILS, bearer, cookieHeader, createSessionToken, createTestUser, signIn } from '../../testing/actors';
import { insertVacancy } from '../../testing/fixtures';
import {
  createTestApp,
  TEST_ORIGIN,
  TEST_PASSWORD,
  TEST_PUBLIC_URL,
  TEST_RATE_LIMITS,
  type TestApp,
} from '../../testing/test-app';
import { makeImage, multipartBody } from '../../testing/uploads';
import { createDiskBlobStorage } from '../images';
import { createUnsubscribeToken } from '../notifications';
import { createRedisRevocationBus } from './redis-revocation-bus';
import type { RevocationEvent } from './revocation-bus';

const NEW_PASSWORD = 'Ein-ganz-neues-Passwort-73';

let testApp: TestApp;
let ownOrganizationId: string;

function inject(
  app: BuiltApp['app'],
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string> = {},
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const post = (url: string, headers: Record<string, string>, payload: unknown = {}) =>
  inject(testApp.app, 'POST', url, { origin: TEST_ORIGIN, ...headers }, payload);

/** A candidate with a chat with the own organisation (so both sides have something to poll). */
async function newApplicant(): Promise<{ id: string; email: string }> {
  const user = await createTestUser(testApp, { type: 'APPLICANT' });
  await testApp.database.db.insert(chats).values({ organizationId: ownOrganizationId, applicantId: user.id });
  return user;
}

async function newOrganizationUser(): Promise<{ id: string; email: string }> {
  return createTestUser(testApp, { type: 'ORGANIZATION', organization: ownOrganizationId });
}

const applicantPoll = (app: BuiltApp['app'], headers: Record<string, string>) =>
  inject(app, 'GET', `/rest/applicant/chats/${ownOrganizationId}/polling?since=0`, headers);
const organizationPoll = (app: BuiltApp['app'], headers: Record<string, string>, applicantId: string) =>
  inject(app, 'GET', `/rest/messages/organization/${applicantId}/polling?since=0`, headers);

/** Two polls: the first looks the session up and caches it, the second is answered from memory. */
async function warm(poll: () => Promise<LightMyRequestResponse>) {
  for (let index = 0; index < 2; index++) expect((await poll()).statusCode).toBe(204);
}

beforeAll(async () => {
  testApp = await createTestApp();
  const own = await inject(
    testApp.app,
    'GET',
    '/rest/users/current-user',
    bearer(await createSessionToken(testApp, await testApp.userIdOf(ACTOR_EMAILS.organisationOwn))),
  );
  ownOrganizationId = own.json<{ organizationId: string }>().organizationId;
});

afterAll(async () => {
  await testApp?.close();
});

describe('revocation is effective on the next request, cached chat polls included', () => {
  it('sign-out of a candidate (Bearer) and of a web user (cookie)', async () => {
    const applicant = await newApplicant();
    const signedIn = await signIn(testApp, applicant.email);
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json<{ token: string }>().token;
    await warm(() => applicantPoll(testApp.app, bearer(token)));
    expect((await post('/rest/auth/sign-out', bearer(token))).statusCode).toBe(200);
    expect((await applicantPoll(testApp.app, bearer(token))).statusCode).toBe(401);

    const employee = await newOrganizationUser();
    const cookie = cookieHeader(await signIn(testApp, employee.email));
    await warm(() => organizationPoll(testApp.app, { cookie }, applicant.id));
    expect((await post('/rest/auth/sign-out', { cookie })).statusCode).toBe(200);
    expect((await organizationPoll(testApp.app, { cookie }, applicant.id)).statusCode).toBe(401);
  });

  it('a cached session is answered only for the exact credential: an altered signature or token is refused (ADR 0054)', async () => {
    const applicant = await newApplicant();
    const employee = await newOrganizationUser();
    const signedIn = await signIn(testApp, employee.email);
    const cookie = cookieHeader(signedIn);
    const token = signedIn.json<{ token: string }>().token;
    await warm(() => organizationPoll(testApp.app, { cookie }, applicant.id));
    await warm(() => organizationPoll(testApp.app, bearer(token), applicant.id));
    const sessionCookie = cookie.split('; ').find((entry) => entry.includes('session_token='))!;
    const name = sessionCookie.slice(0, sessionCookie.indexOf('='));
    const value = sessionCookie.slice(name.length + 1);
    const signed = decodeURIComponent(value);
    const signature = signed.slice(signed.lastIndexOf('.') + 1);
    const otherSignature = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const forged = [
      { cookie: `${name}=${encodeURIComponent(`${token}.${otherSignature}`)}` },
      { cookie: `${name}=${encodeURIComponent(`${token}x.${signature}`)}` },
      { cookie: `${name}=${token}` },
      bearer(`${token}.${otherSignature}`),
    ];
    for (const headers of forged)
      expect((await organizationPoll(testApp.app, headers, applicant.id)).statusCode).toBe(401);
    // The signed value as Bearer is the same session under another key; sign-out ends all three.
    expect((await organizationPoll(testApp.app, bearer(signed), applicant.id)).statusCode).toBe(204);
    expect((await post('/rest/auth/sign-out', { cookie })).statusCode).toBe(200);
    for (const headers of [{ cookie }, bearer(token), bearer(signed)])
      expect((await organizationPoll(testApp.app, headers, applicant.id)).statusCode).toBe(401);
  });

  it('revoke-session, revoke-other-sessions and revoke-sessions', async () => {
    const applicant = await newApplicant();
    const [current, other, third] = await Promise.all([1, 2, 3].map(() => createSessionToken(testApp, applicant.id)));
    for (const token of [current!, other!, third!]) await warm(() => applicantPoll(testApp.app, bearer(token)));

    expect((await post('/rest/auth/revoke-session', bearer(current!), { token: other })).statusCode).toBe(200);
    expect((await applicantPoll(testApp.app, bearer(other!))).statusCode).toBe(401);
    expect((await applicantPoll(testApp.app, bearer(third!))).statusCode).toBe(204);

    expect((await post('/rest/auth/revoke-other-sessions', bearer(current!))).statusCode).toBe(200);
    expect((await applicantPoll(testApp.app, bearer(third!))).statusCode).toBe(401);
    expect((await applicantPoll(testApp.app, bearer(current!))).statusCode).toBe(204);

    expect((await post('/rest/auth/revoke-sessions', bearer(current!))).statusCode).toBe(200);
    expect((await applicantPoll(testApp.app, bearer(current!))).statusCode).toBe(401);
  });

  it('password change of a web user ends every other session (the answer carries the new one)', async () => {
    const applicant = await newApplicant();
    const employee = await newOrganizationUser();
    const [current, other] = await Promise.all([1, 2].map(() => createSessionToken(testApp, employee.id)));
    await warm(() => organizationPoll(testApp.app, bearer(other!), applicant.id));
    const changed = await post('/rest/users/change-password', bearer(current!), {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect((await organizationPoll(testApp.app, bearer(other!), applicant.id)).statusCode).toBe(401);
    const renewed = changed.json<{ token: string }>().token;
    expect((await organizationPoll(testApp.app, bearer(renewed), applicant.id)).statusCode).toBe(204);
  });

  it('password reset ends every session', async () => {
    const applicant = await newApplicant();
    const token = await createSessionToken(testApp, applicant.id);
    await warm(() => applicantPoll(testApp.app, bearer(token)));
    expect((await post('/rest/auth/request-password-reset', {}, { email: applicant.email })).statusCode).toBe(200);
    const reset = await post(
      '/rest/auth/reset-password',
      {},
      { token: testApp.tokenFrom(applicant.email, 'resetPassword'), newPassword: NEW_PASSWORD },
    );
    expect(reset.statusCode).toBe(200);
    expect(await applicantPoll(testApp.app, bearer(token)).then((response) => response.statusCode)).toBe(401);
  });

  it('a completed e-mail change ends the other sessions (the confirming one stays); its recovery ends all', async () => {
    const applicant = await newApplicant();
    const employee = await newOrganizationUser();
    const [current, other] = await Promise.all([1, 2].map(() => createSessionToken(testApp, employee.id)));
    await warm(() => organizationPoll(testApp.app, bearer(current!), applicant.id));
    await warm(() => organizationPoll(testApp.app, bearer(other!), applicant.id));
    const newEmail = `neu-${employee.id.slice(0, 8)}@test.example`;
    expect(
      (await post('/rest/users/change-email', bearer(current!), { currentPassword: TEST_PASSWORD, newEmail }))
        .statusCode,
    ).toBe(200);
    const confirm = await inject(
      testApp.app,
      'GET',
      `/rest/auth/verify-email?token=${testApp.tokenFrom(employee.email, 'confirmEmailChange')}`,
      { origin: TEST_ORIGIN },
    );
    expect(confirm.statusCode).toBe(200);
    // Both sessions still work until the new address is verified.
    expect((await organizationPoll(testApp.app, bearer(other!), applicant.id)).statusCode).toBe(204);
    const verify = await inject(
      testApp.app,
      'GET',
      `/rest/auth/verify-email?token=${testApp.tokenFrom(newEmail, 'verifyEmail')}`,
      { origin: TEST_ORIGIN, ...bearer(current!) },
    );
    expect(verify.statusCode).toBe(200);
    expect((await organizationPoll(testApp.app, bearer(other!), applicant.id)).statusCode).toBe(401);
    expect((await organizationPoll(testApp.app, bearer(current!), applicant.id)).statusCode).toBe(204);

    const recover = await post(
      '/rest/users/recover-email',
      {},
      { token: testApp.tokenFrom(employee.email, 'recoverEmail') },
    );
    expect(recover.statusCode).toBe(200);
    expect((await organizationPoll(testApp.app, bearer(current!), applicant.id)).statusCode).toBe(401);
  });

  it('deleting a company signs its users out at once', async () => {
    const organization = await createTestUser(testApp, {
      type: 'ORGANIZATION',
      organization: { name: 'Löschbar GmbH', region: 'SINDELFINGEN' },
    });
    const applicant = await createTestUser(testApp, { type: 'APPLICANT' });
    await testApp.database.db
      .insert(chats)
      .values({ organizationId: organization.organizationId!, applicantId: applicant.id });
    const [current, other] = await Promise.all([1, 2].map(() => createSessionToken(testApp, organization.id)));
    await warm(() => organizationPoll(testApp.app, bearer(other!), applicant.id));
    expect(
      (await inject(testApp.app, 'DELETE', `/rest/organization/${organization.organizationId}`, bearer(current!)))
        .statusCode,
    ).toBe(204);
    expect((await organizationPoll(testApp.app, bearer(other!), applicant.id)).statusCode).toBe(401);
  });

  it('revokeAllForUser (disabling) and userChanged (role change) reach cached sessions', async () => {
    const applicant = await newApplicant();
    const token = await createSessionToken(testApp, applicant.id);
    await warm(() => applicantPoll(testApp.app, bearer(token)));
    await testApp.database.db.update(users).set({ type: 'STATISTICS' }).where(eq(users.id, applicant.id));
    await testApp.sessionRevocations.userChanged(applicant.id);
    expect((await applicantPoll(testApp.app, bearer(token))).statusCode).toBe(403);

    await testApp.database.db.update(users).set({ type: 'APPLICANT' }).where(eq(users.id, applicant.id));
    await testApp.sessionRevocations.userChanged(applicant.id);
    await warm(() => applicantPoll(testApp.app, bearer(token)));
    await testApp.sessionRevocations.revokeAllForUser(applicant.id);
    expect((await applicantPoll(testApp.app, bearer(token))).statusCode).toBe(401);
    expect(await testApp.database.db.select().from(authSessions).where(eq(authSessions.userId, applicant.id))).toEqual(
      [],
    );
  });
});

describe('a cached session shows every change of its user and organisation at the next request (ADR 0027)', () => {
  type Current = {
    name: string;
    privacyStatementSignedAt: string | null;
    notifications: { notifyViaMail: boolean; interval: string };
    organization: { name: string; active: boolean } | null;
  };
  const current = async (headers: Record<string, string>) => {
    const response = await inject(testApp.app, 'GET', '/rest/users/current-user', headers);
    expect(response.statusCode).toBe(200);
    return response.json<Current>();
  };
  /** Two reads: the first caches the session, the second is answered from memory. */
  const warmCurrent = async (headers: Record<string, string>) => {
    await current(headers);
    return current(headers);
  };

  it('accepting the legal texts, notification settings and the unsubscribe link', async () => {
    const user = await createTestUser(testApp, {
      type: 'ORGANIZATION',
      organization: ownOrganizationId,
      legalSigned: false,
    });
    const headers = bearer(await createSessionToken(testApp, user.id));
    expect((await warmCurrent(headers)).privacyStatementSignedAt).toBeNull();
    const terms = { privacyStatementAccepted: true, termsAndConditionsAccepted: true };
    expect((await post('/rest/users/accept-terms-and-data-protection', headers, terms)).statusCode).toBe(200);
    expect((await current(headers)).privacyStatementSignedAt).not.toBeNull();

    await warmCurrent(headers);
    const settings = await inject(
      testApp.app,
      'PUT',
      `/rest/users/organization/${user.id}/notifications`,
      { origin: TEST_ORIGIN, ...headers },
      { notifyViaMail: true, interval: 'DAILY' },
    );
    expect(settings.statusCode).toBe(200);
    expect((await current(headers)).notifications).toEqual({ notifyViaMail: true, interval: 'DAILY' });

    await warmCurrent(headers);
    const token = createUnsubscribeToken(TEST_AUTH_SECRET, user.id);
    const unsubscribed = await testApp.app.inject({
      method: 'POST',
      url: `/rest/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unsubscribed.statusCode).toBe(200);
    expect((await current(headers)).notifications.notifyViaMail).toBe(false);
  });

  it('the user administration renames a user; an organisation is renamed and deactivated', async () => {
    const organization = await createTestUser(testApp, {
      type: 'ORGANIZATION',
      organization: { name: 'Cache GmbH', region: 'SINDELFINGEN' },
    });
    const headers = bearer(await createSessionToken(testApp, organization.id));
    const admin = bearer(await createSessionToken(testApp, await testApp.userIdOf(ACTOR_EMAILS.admin)));
    expect((await warmCurrent(headers)).name).toBe('Test Person');
    const renamed = await inject(
      testApp.app,
      'PUT',
      `/rest/users/${organization.id}`,
      { origin: TEST_ORIGIN, ...admin },
      {
        type: 'ORGANIZATION',
        organization: organization.organizationId,
        email: organization.email,
        name: 'Neuer Name',
      },
    );
    expect(renamed.statusCode).toBe(200);
    expect((await current(headers)).name).toBe('Neuer Name');

    const before = await warmCurrent(headers);
    expect(before.organization).toMatchObject({ name: 'Cache GmbH', active: true });
    const updated = await inject(
      testApp.app,
      'PUT',
      `/rest/organization/${organization.organizationId}`,
      { origin: TEST_ORIGIN, ...admin },
      {
        name: 'Cache & Söhne GmbH',
        region: 'SINDELFINGEN',
        links: {},
      },
    );
    expect(updated.statusCode).toBe(200);
    expect((await current(headers)).organization?.name).toBe('Cache & Söhne GmbH');

    await warmCurrent(headers);
    expect(
      (
        await inject(testApp.app, 'PUT', `/rest/organization/${organization.organizationId}/toggle-active`, {
          origin: TEST_ORIGIN,
          ...admin,
        })
      ).statusCode,
    ).toBe(200);
    expect((await current(headers)).organization?.active).toBe(false);
  });
});

describe('candidate account: change password, delete (GDPR Art. 17)', () => {
  it('changes the password with the current one; every other session ends; the new token works', async () => {
    const applicant = await newApplicant();
    const [current, other] = await Promise.all([1, 2].map(() => createSessionToken(testApp, applicant.id)));
    await warm(() => applicantPoll(testApp.app, bearer(other!)));
    const wrong = await post('/rest/applicant/account/password', bearer(current!), {
      currentPassword: 'falsch-falsch-falsch',
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD' });
    const weak = await post('/rest/applicant/account/password', bearer(current!), {
      currentPassword: TEST_PASSWORD,
      newPassword: 'passwort12345',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'PASSWORD_COMPROMISED' });
    expect((await applicantPoll(testApp.app, bearer(other!))).statusCode).toBe(204);

    const changed = await post('/rest/applicant/account/password', bearer(current!), {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    const body = changed.json<{ ok: boolean; token: string }>();
    expect(body.ok).toBe(true);
    expect((await applicantPoll(testApp.app, bearer(other!))).statusCode).toBe(401);
    expect((await inject(testApp.app, 'GET', '/rest/applicant/profile', bearer(current!))).statusCode).toBe(401);
    expect((await inject(testApp.app, 'GET', '/rest/applicant/profile', bearer(body.token))).statusCode).toBe(200);
    expect((await signIn(testApp, applicant.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('deletes the account with profile, photo files, matchings, chats, messages and sessions', async () => {
    const db = testApp.database.db;
    const applicant = await createTestUser(testApp, { type: 'APPLICANT' });
    const applicantHeaders = bearer(await createSessionToken(testApp, applicant.id));
    const organisationHeaders = bearer(
      await createSessionToken(testApp, await testApp.userIdOf(ACTOR_EMAILS.organisationOwn)),
    );
    const vacancyId = await insertVacancy(db, ownOrganizationId, { active: true, lat: 48.7, lng: 9.0 });
    expect(
      (
        await inject(testApp.app, 'PUT', '/rest/applicant/profile', applicantHeaders, {
          names: ['Lea'],
          familyNames: ['Lösch'],
          region: 'SINDELFINGEN',
          interests: [],
        })
      ).statusCode,
    ).toBe(200);
    const upload = multipartBody(await makeImage('png'), { filename: 'ich.png', contentType: 'image/png' });
    const photo = await testApp.app.inject({
      method: 'POST',
      url: '/rest/applicant/profile/photos',
      headers: { ...applicantHeaders, ...upload.headers },
      payload: upload.payload,
    });
    expect(photo.statusCode).toBe(201);
    const [photoRow] = await db.select().from(applicantPhotos).where(eq(applicantPhotos.applicantId, applicant.id));
    const photoFile = path.join(testApp.uploadDir, photoRow!.storageKey);
    expect(existsSync(photoFile)).toBe(true);
    expect(
      (await inject(testApp.app, 'POST', '/rest/applicant/matchings', applicantHeaders, { vacancyId })).statusCode,
    ).toBe(201);
    const accepted = await inject(testApp.app, 'POST', '/rest/matching/organization/set-result', organisationHeaders, {
      vacancyId,
      applicantId: applicant.id,
      organizationResult: 'ACCEPTED',
      organizationId: ownOrganizationId,
    });
    expect(accepted.statusCode).toBe(200);
    const sent = await inject(
      testApp.app,
      'POST',
      `/rest/applicant/chats/${ownOrganizationId}/messages`,
      applicantHeaders,
      { text: 'Hallo!', clientMessageId: crypto.randomUUID() },
    );
    expect(sent.statusCode).toBe(201);
    // Polled from the start, the chat has news each time (200); the second poll's session comes from the cache.
    for (let index = 0; index < 2; index++)
      expect((await applicantPoll(testApp.app, applicantHeaders)).statusCode).toBe(200);

    const refused = await inject(testApp.app, 'DELETE', '/rest/applicant/account', applicantHeaders, {
      currentPassword: 'falsch-falsch-falsch',
    });
    expect(refused.statusCode).toBe(400);
    expect(await db.select().from(users).where(eq(users.id, applicant.id))).toHaveLength(1);
    const refusedForOthers = await inject(testApp.app, 'DELETE', '/rest/applicant/account', organisationHeaders, {
      currentPassword: TEST_PASSWORD,
    });
    expect(refusedForOthers.statusCode).toBe(403);

    const deleted = await inject(testApp.app, 'DELETE', '/rest/applicant/account', applicantHeaders, {
      currentPassword: TEST_PASSWORD,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await applicantPoll(testApp.app, applicantHeaders)).statusCode).toBe(401);
    expect(existsSync(photoFile)).toBe(false);
    expect(await db.select().from(authUsers).where(eq(authUsers.id, applicant.id))).toEqual([]);
    expect(await db.select().from(users).where(eq(users.id, applicant.id))).toEqual([]);
    expect(await db.select().from(applicantPhotos).where(eq(applicantPhotos.applicantId, applicant.id))).toEqual([]);
    expect(await db.select().from(matchings).where(eq(matchings.applicantId, applicant.id))).toEqual([]);
    expect(await db.select().from(chats).where(eq(chats.applicantId, applicant.id))).toEqual([]);
    expect(await db.select().from(authSessions).where(eq(authSessions.userId, applicant.id))).toEqual([]);
    const orphanMessages = await db
      .select()
      .from(messages)
      .where(and(eq(messages.senderUserId, applicant.id)));
    expect(orphanMessages).toEqual([]);
    // The organisation's poll of that chat now answers "no such chat".
    expect((await organizationPoll(testApp.app, organisationHeaders, applicant.id)).statusCode).toBe(404);
    expect((await signIn(testApp, applicant.email)).statusCode).toBe(401);
  });
});

describe('honest session answers', () => {
  function sessionCookie(response: LightMyRequestResponse): string {
    const header = response.headers['set-cookie'];
    const cookies = Array.isArray(header) ? header : header ? [String(header)] : [];
    const found = cookies.find((cookie) => cookie.startsWith('matchwerk.session_token='));
    if (!found) throw new Error('no session cookie');
    return found;
  }

  it('"Angemeldet bleiben" off gives a browser-session cookie; on gives a 30-day one', async () => {
    const user = await newOrganizationUser();
    const transient = sessionCookie(await signIn(testApp, user.email, TEST_PASSWORD, false));
    expect(transient).not.toMatch(/max-age/i);
    expect(transient).not.toMatch(/expires/i);
    const persistent = sessionCookie(await signIn(testApp, user.email, TEST_PASSWORD, true));
    expect(persistent).toMatch(/Max-Age=2592000/i);
  });

  it('list-sessions and get-session never carry session tokens', async () => {
    const user = await newOrganizationUser();
    await createSessionToken(testApp, user.id);
    const cookie = cookieHeader(await signIn(testApp, user.email));
    const list = await inject(testApp.app, 'GET', '/rest/auth/list-sessions', { cookie, origin: TEST_ORIGIN });
    expect(list.statusCode).toBe(200);
    const sessions = list.json<Record<string, unknown>[]>();
    expect(sessions.length).toBe(2);
    for (const session of sessions) {
      expect(session).not.toHaveProperty('token');
      expect(session).toHaveProperty('id');
    }
    const current = await inject(testApp.app, 'GET', '/rest/auth/get-session', { cookie });
    expect(current.statusCode).toBe(200);
    const body = current.json<{ session: Record<string, unknown>; user: { email: string } }>();
    expect(body.session).not.toHaveProperty('token');
    expect(body.user.email).toBe(user.email);
    expect(list.body).not.toMatch(/"token"/);
  });

  it('only sign-in hands out the token: not a refreshed session, not the password change of a cookie caller', async () => {
    const user = await newOrganizationUser();
    const signedIn = await signIn(testApp, user.email);
    expect(signedIn.headers['set-auth-token']).toBeTruthy();
    const cookie = cookieHeader(signedIn);
    // Due for better-auth's sliding refresh: get-session renews the cookie (and the bearer plugin would add the token).
    await testApp.database.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() + 60 * 60 * 1000) })
      .where(eq(authSessions.userId, user.id));
    const refreshed = await inject(testApp.app, 'GET', '/rest/auth/get-session', { cookie });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers['set-cookie']).toBeDefined();
    expect(refreshed.headers['set-auth-token']).toBeUndefined();
    expect(refreshed.headers['access-control-expose-headers']).toBeUndefined();

    const changed = await post(
      '/rest/users/change-password',
      { cookie },
      { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ ok: true, token: null });
    expect(changed.headers['set-auth-token']).toBeUndefined();
    const renewedCookie = cookieHeader(changed);
    expect((await inject(testApp.app, 'GET', '/rest/users/current-user', { cookie: renewedCookie })).statusCode).toBe(
      200,
    );
  });

  it('API answers carry Cache-Control: no-store unless the route set its own', async () => {
    const token = await createSessionToken(testApp, (await newOrganizationUser()).id);
    const answers = [
      await inject(testApp.app, 'GET', '/rest/users/current-user', bearer(token)),
      await inject(testApp.app, 'GET', '/rest/users/current-user'),
      await inject(testApp.app, 'GET', '/rest/auth/get-session', bearer(token)),
      await inject(testApp.app, 'GET', '/rest/auth/list-sessions', bearer(token)),
      await inject(testApp.app, 'GET', `/rest/organization/${ownOrganizationId}`, bearer(token)),
    ];
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
    const organization = answers[4]!.json<{ logoPhotoId: string | null }>();
    if (organization.logoPhotoId) {
      const logo = await inject(
        testApp.app,
        'GET',
        `/rest/organization/${ownOrganizationId}/photos/${organization.logoPhotoId}`,
        bearer(token),
      );
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['cache-control']).toBe('private, max-age=86400');
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('across processes through Redis (TEST_REDIS_URL)', () => {
  let busA: ReturnType<typeof createRedisRevocationBus>;
  let busB: ReturnType<typeof createRedisRevocationBus>;
  let first: TestApp;
  let second: BuiltApp;
  let organizationId: string;

  beforeAll(async () => {
    const channel = `matchwerk:test:revocations:${crypto.randomUUID()}`;
    busA = createRedisRevocationBus(process.env.TEST_REDIS_URL ?? '', { channel });
    busB = createRedisRevocationBus(process.env.TEST_REDIS_URL ?? '', { channel });
    await Promise.all([busA.ready(), busB.ready()]);
    first = await createTestApp({ revocationBus: busA });
    // A second instance on the same database with its own caches: another process, as far as sessions go.
    second = await buildApp({
      database: first.database,
      mailer: first.mailer,
      authSecret: TEST_AUTH_SECRET,
      publicUrl: TEST_PUBLIC_URL,
      supportEmail: 'support@matchwerk.example',
      demoMailbox: true,
      blobStorage: createDiskBlobStorage(first.uploadDir),
      rateLimits: TEST_RATE_LIMITS,
      revocationBus: busB,
    });
    await second.app.ready();
    const [row] = await first.database.db
      .select({ organizationId: users.organizationId })
      .from(users)
      .where(eq(users.id, await first.userIdOf(ACTOR_EMAILS.organisationOwn)));
    organizationId = row!.organizationId!;
  });

  afterAll(async () => {
    await second?.app.close();
    await first?.close();
    await Promise.all([busA?.close(), busB?.close()]);
  });

  /** Resolves when instance B has heard a revocation concerning this user. */
  function heardOnB(userId: string): Promise<RevocationEvent> {
    return new Promise((resolve) => {
      const stop = busB.subscribe((event) => {
        if ((event.kind === 'user' || event.kind === 'session') && event.userId === userId) {
          stop();
          resolve(event);
        }
      });
    });
  }

  /** A candidate with a chat, its Bearer token, and a poll against instance B (warmed: cached there). */
  async function cachedOnB() {
    const user = await createTestUser(first, { type: 'APPLICANT' });
    await first.database.db.insert(chats).values({ organizationId, applicantId: user.id });
    const token = await createSessionToken(first, user.id);
    const poll = () =>
      second.app.inject({
        method: 'GET',
        url: `/rest/applicant/chats/${organizationId}/polling?since=0`,
        headers: bearer(token),
      });
    for (let index = 0; index < 2; index++) expect((await poll()).statusCode).toBe(204);
    return { user, token, poll };
  }

  it('a sign-out on one instance is refused by the other at its next poll', async () => {
    const { user, token, poll } = await cachedOnB();
    const heard = heardOnB(user.id);
    const signOut = await first.app.inject({
      method: 'POST',
      url: '/rest/auth/sign-out',
      headers: { origin: TEST_ORIGIN, ...bearer(token) },
    });
    expect(signOut.statusCode).toBe(200);
    expect(await heard).toMatchObject({ kind: 'session', userId: user.id });
    expect((await poll()).statusCode).toBe(401);
  });

  it('a lost subscriber connection empties the cache and nothing is trusted until it is back', async () => {
    const name = `matchwerk-test-${crypto.randomUUID()}`;
    const bus = createRedisRevocationBus(process.env.TEST_REDIS_URL ?? '', {
      channel: `matchwerk:test:cut:${name}`,
      subscriberName: name,
    });
    const admin = new Redis(process.env.TEST_REDIS_URL ?? '');
    try {
      await bus.ready();
      expect(bus.trusted()).toBe(true);
      const reset = new Promise<RevocationEvent>((resolve) => bus.subscribe(resolve));
      const clients = (await admin.client('LIST')) as string;
      const id = clients
        .split('\n')
        .find((line) => line.includes(`name=${name} `))
        ?.match(/\bid=(\d+)/)?.[1];
      expect(id).toBeDefined();
      await admin.client('KILL', 'ID', id!);
      expect(await reset).toEqual({ kind: 'reset' });
      expect(bus.trusted()).toBe(false);
      // ioredis reconnects and subscribes again: trusted once more.
      await vi.waitFor(() => expect(bus.trusted()).toBe(true), { timeout: 20_000, interval: 50 });
    } finally {
      await bus.close();
      await admin.quit();
    }
  });

  it('revokeAllForUser on one instance reaches the other', async () => {
    const { user, poll } = await cachedOnB();
    const heard = heardOnB(user.id);
    await first.sessionRevocations.revokeAllForUser(user.id);
    expect(await heard).toEqual({ kind: 'user', userId: user.id });
    expect((await poll()).statusCode).toBe(401);
  });
});
