import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, type CurrentUser } from '@matchwerk/shared';
import { authSessions } from '../../db/schema/index';
import { ACTOR_EMAILS, bearer, createSessionToken, LEGAL_UNSIGNED_EMAIL, signIn } from '../../testing/actors';
import { createTestApp, TEST_ORIGIN, TEST_PASSWORD, type TestApp } from '../../testing/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

async function tokenFor(email: string) {
  return createSessionToken(testApp, await testApp.userIdOf(email));
}

async function currentUser(token: string) {
  return testApp.app.inject({ method: 'GET', url: '/rest/users/current-user', headers: bearer(token) });
}

describe('GET /rest/users/current-user', () => {
  it('answers 401 UNAUTHENTICATED in German when signed out', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/rest/users/current-user' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Bitte melden Sie sich an.' });
  });

  it('refuses an expired or unknown session with 401', async () => {
    const token = await tokenFor(ACTOR_EMAILS.admin);
    await testApp.database.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.token, token));
    expect((await currentUser(token)).statusCode).toBe(401);
    expect((await currentUser('no-such-session')).statusCode).toBe(401);
  });

  it('lets better-auth refresh a session that is due (sliding expiry)', async () => {
    const token = await tokenFor(ACTOR_EMAILS.admin);
    const soon = new Date(Date.now() + 60 * 60 * 1000);
    await testApp.database.db.update(authSessions).set({ expiresAt: soon }).where(eq(authSessions.token, token));
    expect((await currentUser(token)).statusCode).toBe(200);
    const [row] = await testApp.database.db.select().from(authSessions).where(eq(authSessions.token, token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(soon.getTime() + 24 * 60 * 60 * 1000);
  });

  it('describes an organisation user with its organisation and region', async () => {
    const response = await currentUser(await tokenFor(ACTOR_EMAILS.organisationOwn));
    expect(response.statusCode).toBe(200);
    const user = response.json<CurrentUser>();
    expect(user).toMatchObject({
      type: 'ORGANIZATION',
      region: 'SINDELFINGEN',
      regions: [],
      emailVerified: true,
      notifications: { notifyViaMail: true, interval: 'DAILY' },
    });
    expect(user.organization).toMatchObject({ name: 'Schwabenwerk Präzisionstechnik GmbH', region: 'SINDELFINGEN' });
    expect(user.organizationId).toBe(user.organization?.id);
  });

  it('gives a partner its regions and the first as region; admins, statistics and applicants no region', async () => {
    const partner = (await currentUser(await tokenFor(ACTOR_EMAILS.partnerOutOfRegion))).json<CurrentUser>();
    expect(partner).toMatchObject({
      type: 'REGIONAL_PARTNER',
      region: 'LICHTENFELS',
      regions: ['LICHTENFELS', 'HORB'],
      organization: null,
    });
    for (const [email, type] of [
      [ACTOR_EMAILS.admin, 'ADMIN'],
      [ACTOR_EMAILS.statistics, 'STATISTICS'],
      [ACTOR_EMAILS.applicant, 'APPLICANT'],
    ] as const) {
      const response = await currentUser(await tokenFor(email));
      expect(response.statusCode).toBe(200);
      expect(response.json<CurrentUser>()).toMatchObject({ type, region: null, regions: [], organizationId: null });
    }
  });
});

describe('legal gate and applicants', () => {
  it('lets a user with missing legal dates see current-user and accept the terms', async () => {
    const token = await tokenFor(LEGAL_UNSIGNED_EMAIL);
    const before = (await currentUser(token)).json<CurrentUser>();
    expect(before.privacyStatementSignedAt).toBeNull();
    expect(before.termsAndConditionsSignedAt).toBeNull();

    const incomplete = await testApp.app.inject({
      method: 'POST',
      url: '/rest/users/accept-terms-and-data-protection',
      headers: bearer(token),
      payload: { privacyStatementAccepted: true },
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toEqual({
      termsAndConditionsAccepted: 'Bitte stimmen Sie den Nutzungsbedingungen zu.',
    });

    const accepted = await testApp.app.inject({
      method: 'POST',
      url: '/rest/users/accept-terms-and-data-protection',
      headers: bearer(token),
      payload: { privacyStatementAccepted: true, termsAndConditionsAccepted: true },
    });
    expect(accepted.statusCode).toBe(200);
    const after = accepted.json<CurrentUser>();
    expect(after.privacyStatementSignedAt).not.toBeNull();
    expect(after.termsAndConditionsSignedAt).toBe(after.privacyStatementSignedAt);
    expect((await currentUser(token)).json<CurrentUser>().privacyStatementSignedAt).toBe(
      after.privacyStatementSignedAt,
    );
  });

  it('refuses applicants with 403 APPLICANT_NOT_ALLOWED on everything but current-user', async () => {
    const token = await tokenFor(ACTOR_EMAILS.applicant);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/rest/users/accept-terms-and-data-protection',
      headers: bearer(token),
      payload: { privacyStatementAccepted: true, termsAndConditionsAccepted: true },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ code: string }>().code).toBe('APPLICANT_NOT_ALLOWED');
  });
});

describe('POST /rest/users/change-password', () => {
  it('refuses a wrong current password with 400 INVALID_PASSWORD (German)', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/rest/users/change-password',
      headers: bearer(await tokenFor(ACTOR_EMAILS.admin)),
      payload: { currentPassword: 'falsch-falsch-falsch', newPassword: 'Ganz-neues-Admin-Passwort' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'INVALID_PASSWORD',
      message: 'Das aktuelle Passwort ist nicht korrekt.',
    });
  });

  it('refuses a new password that is the current one, with a German message on the field', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/rest/users/change-password',
      headers: bearer(await tokenFor(ACTOR_EMAILS.admin)),
      payload: { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; fieldErrors: Record<string, string> }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fieldErrors).toEqual({ newPassword: PASSWORD_MESSAGES.sameAsCurrent });
    // Nothing was changed: the password still signs in.
    expect((await signIn(testApp, ACTOR_EMAILS.admin, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a common new password', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/rest/users/change-password',
      headers: bearer(await tokenFor(ACTOR_EMAILS.admin)),
      payload: { currentPassword: TEST_PASSWORD, newPassword: '1q2w3e4r5t6y' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ code: string }>().code).toBe('PASSWORD_COMPROMISED');
  });

  it('changes the password, revokes the other sessions and hands out a new session', async () => {
    const email = ACTOR_EMAILS.statistics;
    const other = await tokenFor(email);
    const current = await tokenFor(email);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/rest/users/change-password',
      headers: bearer(current),
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Statistik-mit-neuem-Passwort' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ ok: boolean; token: string }>();
    expect(body.ok).toBe(true);
    expect(body.token).toBeTruthy();
    expect(response.cookies.some((cookie) => cookie.name === 'matchwerk.session_token')).toBe(true);
    expect((await currentUser(other)).statusCode).toBe(401);
    expect((await currentUser(body.token)).statusCode).toBe(200);
    expect((await signIn(testApp, email, 'Statistik-mit-neuem-Passwort')).statusCode).toBe(200);
  });
});

describe('change e-mail and recover e-mail', () => {
  it('refuses a wrong current password', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/rest/users/change-email',
      headers: bearer(await tokenFor(ACTOR_EMAILS.admin)),
      payload: { currentPassword: 'falsch-falsch-falsch', newEmail: 'neu@test.example' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ code: string }>().code).toBe('INVALID_PASSWORD');
  });

  it('confirms with the old address, verifies the new one, then lets the old address undo it', async () => {
    const oldEmail = ACTOR_EMAILS.organisationOther;
    const newEmail = 'hofmann.neu@korbmacherei.example';
    const token = await tokenFor(oldEmail);

    const start = await testApp.app.inject({
      method: 'POST',
      url: '/rest/users/change-email',
      headers: bearer(token),
      payload: { currentPassword: TEST_PASSWORD, newEmail },
    });
    expect(start.statusCode).toBe(200);
    expect(testApp.mailer.lastTo(oldEmail)?.subject).toBe('Änderung Ihrer E-Mail-Adresse bestätigen');
    const confirmToken = testApp.tokenFrom(oldEmail, 'confirmEmailChange');

    const confirm = await testApp.app.inject({
      method: 'GET',
      url: `/rest/auth/verify-email?token=${confirmToken}`,
      headers: { origin: TEST_ORIGIN },
    });
    expect(confirm.statusCode).toBe(200);
    expect(testApp.mailer.lastTo(newEmail)?.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    const verifyToken = testApp.tokenFrom(newEmail, 'verifyEmail');

    // Clicked while signed in: this session stays, every other one ends (see session-revocation tests).
    const verify = await testApp.app.inject({
      method: 'GET',
      url: `/rest/auth/verify-email?token=${verifyToken}`,
      headers: { origin: TEST_ORIGIN, ...bearer(token) },
    });
    expect(verify.statusCode).toBe(200);
    expect((await currentUser(token)).json<CurrentUser>().email).toBe(newEmail);

    // The old address is told and can undo the change.
    expect(testApp.mailer.lastTo(oldEmail)?.subject).toBe('Ihre E-Mail-Adresse wurde geändert');
    const recoverToken = testApp.tokenFrom(oldEmail, 'recoverEmail');
    const recover = await testApp.app.inject({
      method: 'POST',
      url: '/rest/users/recover-email',
      payload: { token: recoverToken },
    });
    expect(recover.statusCode).toBe(200);
    expect(recover.json()).toEqual({ ok: true });
    expect((await currentUser(token)).statusCode).toBe(401);
    const back = await signIn(testApp, oldEmail);
    expect(back.statusCode).toBe(200);

    const again = await testApp.app.inject({
      method: 'POST',
      url: '/rest/users/recover-email',
      payload: { token: recoverToken },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ code: string }>().code).toBe('INVALID_TOKEN');
  });
});
