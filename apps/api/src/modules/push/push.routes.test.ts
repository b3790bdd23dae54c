/**
 * The candidate's notification routes through the real app (issue 46): this device's push
 * subscription (upsert by endpoint, strict body, delete), the VAPID key, the settings per kind
 * with quiet hours by age, the fallback mail's one-click unsubscribe, and the domain events that
 * become notices (one subscriber on the app's bus).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_AUTH_SECRET } from '../../config/env';
import { authUsers } from '../../db/schema/auth';
import { pushSubscriptions } from '../../db/schema/candidate-push';
import { applicantProfiles } from '../../db/schema/marketplace';
import { bearer, createSessionToken, createTestUser } from '../../testing/actors';
import { createTestApp, TEST_ORIGIN, TEST_PASSWORD, type TestApp } from '../../testing/test-app';
import type { CandidateNotice } from './candidate-notices';
import { createCandidateUnsubscribeToken } from './unsubscribe-token';
import { generateVapidKeys } from './vapid';

const vapid = generateVapidKeys('mailto:support@matchwerk.example');
const notices: CandidateNotice[] = [];
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({
    vapid,
    candidateNotifications: {
      notify: (batch) => {
        notices.push(...batch);
        return Promise.resolve();
      },
    },
  });
});

afterAll(async () => {
  await testApp.close();
});

async function newCandidate(dateOfBirth: string | null = '2001-03-04') {
  const user = await createTestUser(testApp, { type: 'APPLICANT' });
  await testApp.database.db
    .insert(applicantProfiles)
    .values({ userId: user.id, names: ['Tom'], familyNames: ['Test'], dateOfBirth });
  return { ...user, headers: { ...bearer(await createSessionToken(testApp, user.id)), origin: TEST_ORIGIN } };
}

function subscription(endpoint = `https://push.example.net/push/${crypto.randomUUID()}`) {
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: Buffer.alloc(16, 7).toString('base64url') },
  };
}

describe('push subscriptions', () => {
  it('gives the VAPID public key and stores one subscription per endpoint (a second POST updates it)', async () => {
    const tom = await newCandidate();
    const config = await testApp.app.inject({
      method: 'GET',
      url: '/rest/applicant/push-config',
      headers: tom.headers,
    });
    expect(config.json()).toEqual({ vapidPublicKey: vapid.publicKey });

    const first = subscription();
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/rest/applicant/push-subscriptions',
      headers: tom.headers,
      payload: first,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ endpoint: first.endpoint, lastSuccessAt: null });
    const again = await testApp.app.inject({
      method: 'POST',
      url: '/rest/applicant/push-subscriptions',
      headers: tom.headers,
      payload: { ...first, keys: { ...first.keys, auth: Buffer.alloc(16, 9).toString('base64url') } },
    });
    expect(again.statusCode).toBe(200);
    const rows = await testApp.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, tom.id));
    expect(rows.map((row) => row.auth)).toEqual([Buffer.alloc(16, 9).toString('base64url')]);
  });

  it('refuses unknown fields, bad keys and non-URLs with a German 400', async () => {
    const tom = await newCandidate();
    for (const payload of [
      { ...subscription(), extra: true },
      { ...subscription(), keys: { ...subscription().keys, p256dh: 'zu-kurz' } },
      { ...subscription(), endpoint: 'javascript:alert(1)' },
      { ...subscription(), keys: { ...subscription().keys, secret: 'x' } },
    ]) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/rest/applicant/push-subscriptions',
        headers: tom.headers,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/[äöüß]|Bitte|muss|unbekannt|nicht|ungültig/i);
    }
  });

  it('deletes this device’s subscription (204; another candidate’s endpoint or an unknown one: 404)', async () => {
    const tom = await newCandidate();
    const ida = await newCandidate();
    const mine = subscription();
    await testApp.app.inject({
      method: 'POST',
      url: '/rest/applicant/push-subscriptions',
      headers: tom.headers,
      payload: mine,
    });
    const foreign = await testApp.app.inject({
      method: 'DELETE',
      url: '/rest/applicant/push-subscriptions',
      headers: ida.headers,
      payload: { endpoint: mine.endpoint },
    });
    expect(foreign.statusCode).toBe(404);
    const deleted = await testApp.app.inject({
      method: 'DELETE',
      url: '/rest/applicant/push-subscriptions',
      headers: tom.headers,
      payload: { endpoint: mine.endpoint },
    });
    expect(deleted.statusCode).toBe(204);
    expect(
      await testApp.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, tom.id)),
    ).toEqual([]);
  });

  it('is forgotten when the account is disabled (user.disabled on the bus)', async () => {
    const tom = await newCandidate();
    await testApp.app.inject({
      method: 'POST',
      url: '/rest/applicant/push-subscriptions',
      headers: tom.headers,
      payload: subscription(),
    });
    await testApp.events.publish({ type: 'user.disabled', userId: tom.id });
    expect(
      await testApp.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, tom.id)),
    ).toEqual([]);
  });

  it('ends with the sign-in that made it: sign-out here, "sign out of all other devices", account deletion', async () => {
    const tom = await newCandidate();
    const [phone, tablet, laptop] = await Promise.all(
      [1, 2, 3].map(async () => ({ ...bearer(await createSessionToken(testApp, tom.id)), origin: TEST_ORIGIN })),
    );
    const devices = [phone!, tablet!, laptop!].map((headers) => ({ headers, subscription: subscription() }));
    for (const device of devices) {
      const saved = await testApp.app.inject({
        method: 'POST',
        url: '/rest/applicant/push-subscriptions',
        headers: device.headers,
        payload: device.subscription,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const endpoints = async () =>
      (await testApp.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, tom.id)))
        .map((row) => row.endpoint)
        .sort();
    const [, onTablet, onLaptop] = devices.map((device) => device.subscription.endpoint);

    // Signing out on the phone ends the phone's pushes only.
    const signedOut = await testApp.app.inject({
      method: 'POST',
      url: '/rest/auth/sign-out',
      headers: phone!,
      payload: {},
    });
    expect(signedOut.statusCode).toBe(200);
    expect(await endpoints()).toEqual([onTablet!, onLaptop!].sort());

    // "Sign out of all other devices" on the laptop ends the tablet's pushes, not its own.
    const others = await testApp.app.inject({
      method: 'POST',
      url: '/rest/auth/revoke-other-sessions',
      headers: laptop!,
      payload: {},
    });
    expect(others.statusCode).toBe(200);
    expect(await endpoints()).toEqual([onLaptop!]);

    // Deleting the account ends the rest.
    const deleted = await testApp.app.inject({
      method: 'DELETE',
      url: '/rest/applicant/account',
      headers: laptop!,
      payload: { currentPassword: TEST_PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await endpoints()).toEqual([]);
  });

  it('goes with the account (cascade)', async () => {
    const tom = await newCandidate();
    await testApp.app.inject({
      method: 'POST',
      url: '/rest/applicant/push-subscriptions',
      headers: tom.headers,
      payload: subscription(),
    });
    await testApp.database.db.delete(authUsers).where(eq(authUsers.id, tom.id));
    expect(
      await testApp.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, tom.id)),
    ).toEqual([]);
  });
});

describe('notification settings', () => {
  it('default to everything on, quiet hours on under 18 and off for adults; PUT saves all of them', async () => {
    const minor = await newCandidate('2011-06-01');
    const adult = await newCandidate('1999-06-01');
    const read = async (headers: Record<string, string>) =>
      (await testApp.app.inject({ method: 'GET', url: '/rest/applicant/notification-settings', headers })).json<{
        quietHours: boolean;
        push: Record<string, boolean>;
        pushDevices: number;
      }>();
    expect(await read(minor.headers)).toMatchObject({
      quietHours: true,
      push: { MATCHING_ACCEPTED: true, MATCHING_DECLINED: true, MESSAGE: true },
      email: { MATCHING_ACCEPTED: true, MATCHING_DECLINED: true, MESSAGE: true },
      quietHoursWindow: { from: '20:00', to: '07:00', timeZone: 'Europe/Berlin' },
      pushDevices: 0,
    });
    expect((await read(adult.headers)).quietHours).toBe(false);

    const settings = {
      push: { MATCHING_ACCEPTED: true, MATCHING_DECLINED: false, MESSAGE: true },
      email: { MATCHING_ACCEPTED: false, MATCHING_DECLINED: true, MESSAGE: true },
      quietHours: false,
    };
    const saved = await testApp.app.inject({
      method: 'PUT',
      url: '/rest/applicant/notification-settings',
      headers: minor.headers,
      payload: settings,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await read(minor.headers)).toMatchObject(settings);
  });

  it('refuses a partial or unknown body with a German 400', async () => {
    const tom = await newCandidate();
    for (const payload of [
      { push: { MATCHING_ACCEPTED: true, MATCHING_DECLINED: true, MESSAGE: true }, quietHours: true },
      {
        push: { MATCHING_ACCEPTED: true, MATCHING_DECLINED: true, MESSAGE: true, NEWSLETTER: true },
        email: { MATCHING_ACCEPTED: true, MATCHING_DECLINED: true, MESSAGE: true },
        quietHours: true,
      },
      {
        push: { MATCHING_ACCEPTED: true, MATCHING_DECLINED: true, MESSAGE: true },
        email: { MATCHING_ACCEPTED: true, MATCHING_DECLINED: true, MESSAGE: true },
        quietHours: 'ja',
      },
    ]) {
      const response = await testApp.app.inject({
        method: 'PUT',
        url: '/rest/applicant/notification-settings',
        headers: tom.headers,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/[äöüß]|Bitte|unbekannt|nicht|ungültig/i);
    }
  });
});

describe('the fallback mail’s unsubscribe link', () => {
  it('shows a button on GET without changing anything; the one-click POST turns that kind of mail off', async () => {
    const tom = await newCandidate();
    const token = createCandidateUnsubscribeToken(TEST_AUTH_SECRET, tom.id, ['MESSAGE']);
    const url = `/rest/applicant-notifications/unsubscribe?token=${encodeURIComponent(token)}`;
    const page = await testApp.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Neue Nachrichten von Firmen');
    const settings = async () =>
      (
        await testApp.app.inject({ method: 'GET', url: '/rest/applicant/notification-settings', headers: tom.headers })
      ).json<{ email: Record<string, boolean> }>().email;
    expect((await settings()).MESSAGE).toBe(true);

    const done = await testApp.app.inject({
      method: 'POST',
      url,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Du bekommst keine E-Mails mehr');
    expect(await settings()).toEqual({ MATCHING_ACCEPTED: true, MATCHING_DECLINED: true, MESSAGE: false });
  });

  it('answers a forged token with the 400 page', async () => {
    const tom = await newCandidate();
    const forged = createCandidateUnsubscribeToken('ein-anderes-geheimnis-mit-genug-zeichen-123', tom.id, ['MESSAGE']);
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/rest/applicant-notifications/unsubscribe?token=${encodeURIComponent(forged)}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Link ungültig');
  });
});

describe('domain events become notices', () => {
  it('accepted, declined, auto-declined and an employer’s message; a candidate’s own message is none', async () => {
    notices.length = 0;
    const chat = { organizationId: crypto.randomUUID(), applicantId: crypto.randomUUID() };
    const base = { ...chat, vacancyId: crypto.randomUUID() };
    await testApp.events.publish({ type: 'matching.decided', ...base, chatVersion: 1 });
    await testApp.events.publish({ type: 'matching.decided', ...base, chatVersion: null });
    await testApp.events.publish({ type: 'matchings.declined', matchings: [chat] });
    const message = { type: 'message.sent', ...chat, chatVersion: 2, at: new Date() } as const;
    await testApp.events.publish({ ...message, sender: 'ORGANIZATION' });
    await testApp.events.publish({ ...message, sender: 'APPLICANT' });
    expect(notices.map((notice) => notice.kind)).toEqual([
      'MATCHING_ACCEPTED',
      'MATCHING_DECLINED',
      'MATCHING_DECLINED',
      'MESSAGE',
    ]);
    expect(notices.every((notice) => notice.applicantId === chat.applicantId)).toBe(true);
  });
});
