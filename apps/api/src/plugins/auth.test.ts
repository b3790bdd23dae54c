import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, cookieHeader, createSessionToken, signIn, UNVERIFIED_EMAIL } from '../testing/actors';
import { createTestApp, TEST_ORIGIN, TEST_PASSWORD, type TestApp } from '../testing/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

describe('sign-in (better-auth at /rest/auth)', () => {
  it('signs in a verified user: session cookie (HttpOnly, SameSite=Lax), set-auth-token header and body token', async () => {
    const response = await signIn(testApp, 'firma@matchwerk.example');
    expect(response.statusCode).toBe(200);
    const session = response.cookies.find((cookie) => cookie.name === 'matchwerk.session_token');
    expect(session).toBeDefined();
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    expect(session?.secure).toBeFalsy();
    expect(session?.maxAge).toBeGreaterThan(0);
    expect(response.headers['set-auth-token']).toBeTruthy();
    expect(response.json<{ token: string }>().token).toBeTruthy();

    const me = await testApp.app.inject({
      method: 'GET',
      url: '/rest/users/current-user',
      headers: { cookie: cookieHeader(response) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ email: string }>().email).toBe('firma@matchwerk.example');
  });

  it('accepts both the body token and the set-auth-token header as Bearer', async () => {
    const response = await signIn(testApp, 'admin@matchwerk.example');
    for (const token of [response.json<{ token: string }>().token, String(response.headers['set-auth-token'])]) {
      const me = await testApp.app.inject({ method: 'GET', url: '/rest/users/current-user', headers: bearer(token) });
      expect(me.statusCode).toBe(200);
      expect(me.json<{ type: string }>().type).toBe('ADMIN');
    }
  });

  it('rememberMe false → session cookie without Max-Age/Expires', async () => {
    const response = await signIn(testApp, 'firma@matchwerk.example', TEST_PASSWORD, false);
    expect(response.statusCode).toBe(200);
    const raw = ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .find((value) => value.startsWith('matchwerk.session_token='));
    expect(raw).toBeDefined();
    expect(raw).not.toMatch(/max-age/i);
    expect(raw).not.toMatch(/expires/i);
    const me = await testApp.app.inject({
      method: 'GET',
      url: '/rest/users/current-user',
      headers: { cookie: cookieHeader(response) },
    });
    expect(me.statusCode).toBe(200);
  });

  it('refuses an unverified e-mail with 403 EMAIL_NOT_VERIFIED', async () => {
    const response = await signIn(testApp, UNVERIFIED_EMAIL);
    expect(response.statusCode).toBe(403);
    expect(response.json<{ code: string }>().code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('refuses a wrong password with 401 INVALID_EMAIL_OR_PASSWORD', async () => {
    const response = await signIn(testApp, 'firma@matchwerk.example', 'falsches-Passwort-123');
    expect(response.statusCode).toBe(401);
    expect(response.json<{ code: string }>().code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });

  it('keeps the origin check on: a cookie-carrying request from a foreign origin is refused', async () => {
    const login = await signIn(testApp, 'firma@matchwerk.example');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/rest/auth/sign-out',
      headers: { cookie: cookieHeader(login), origin: 'https://evil.example' },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
    const ok = await testApp.app.inject({
      method: 'POST',
      url: '/rest/auth/sign-out',
      headers: { cookie: cookieHeader(login), origin: TEST_ORIGIN },
      payload: {},
    });
    expect(ok.statusCode).toBe(200);
  });

  it('does not expose better-auth endpoints we route through our own services', async () => {
    for (const url of [
      '/rest/auth/sign-up/email',
      '/rest/auth/change-email',
      '/rest/auth/change-password',
      '/rest/auth/delete-user',
    ]) {
      const response = await testApp.app.inject({ method: 'POST', url, headers: { origin: TEST_ORIGIN }, payload: {} });
      expect(response.statusCode, url).toBe(404);
      expect(response.json<{ code: string }>().code).toBe('NOT_FOUND');
    }
  });

  it('signs out: the session no longer works', async () => {
    const token = await createSessionToken(testApp, await testApp.userIdOf('firma@matchwerk.example'));
    const out = await testApp.app.inject({
      method: 'POST',
      url: '/rest/auth/sign-out',
      headers: { ...bearer(token), origin: TEST_ORIGIN },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const me = await testApp.app.inject({ method: 'GET', url: '/rest/users/current-user', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('mails a /authaction link; the reset applies the policy, changes the password and revokes sessions', async () => {
    const email = 'firma.lichtenfels@matchwerk.example';
    const oldSession = await createSessionToken(testApp, await testApp.userIdOf(email));

    const request = await testApp.app.inject({
      method: 'POST',
      url: '/rest/auth/request-password-reset',
      headers: { origin: TEST_ORIGIN },
      payload: { email, redirectTo: '/' },
    });
    expect(request.statusCode).toBe(200);
    const link = testApp.linksTo(email).find((candidate) => candidate.includes('mode=resetPassword'));
    expect(link).toMatch(/^http:\/\/localhost:3000\/#\/authaction\?mode=resetPassword&token=/);
    const token = testApp.tokenFrom(email, 'resetPassword');

    const common = await testApp.app.inject({
      method: 'POST',
      url: '/rest/auth/reset-password',
      headers: { origin: TEST_ORIGIN },
      payload: { token, newPassword: 'qwerty123456' },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json<{ code: string }>().code).toBe('PASSWORD_COMPROMISED');
    const sameAsEmail = await testApp.app.inject({
      method: 'POST',
      url: '/rest/auth/reset-password',
      headers: { origin: TEST_ORIGIN },
      payload: { token, newPassword: email },
    });
    expect(sameAsEmail.statusCode).toBe(400);
    expect(sameAsEmail.json<{ code: string }>().code).toBe('PASSWORD_COMPROMISED');

    const reset = await testApp.app.inject({
      method: 'POST',
      url: '/rest/auth/reset-password',
      headers: { origin: TEST_ORIGIN },
      payload: { token, newPassword: 'Neues-Passwort-fuer-Lichtenfels' },
    });
    expect(reset.statusCode).toBe(200);

    const me = await testApp.app.inject({
      method: 'GET',
      url: '/rest/users/current-user',
      headers: bearer(oldSession),
    });
    expect(me.statusCode).toBe(401);
    expect((await signIn(testApp, email, 'Neues-Passwort-fuer-Lichtenfels')).statusCode).toBe(200);
    expect((await signIn(testApp, email)).statusCode).toBe(401);
  });

  it('answers an unknown address exactly like a known one', async () => {
    const known = await testApp.app.inject({
      method: 'POST',
      url: '/rest/auth/request-password-reset',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'admin@matchwerk.example' },
    });
    const unknown = await testApp.app.inject({
      method: 'POST',
      url: '/rest/auth/request-password-reset',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'niemand@test.example' },
    });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(testApp.mailer.lastTo('niemand@test.example')).toBeUndefined();
  });
});

describe('HTTPS deployments', () => {
  it('marks the session cookie Secure when PUBLIC_URL is https, and still resolves it', async () => {
    const secure = await createTestApp({ publicUrl: 'https://matchwerk.example' });
    try {
      const login = await secure.app.inject({
        method: 'POST',
        url: '/rest/auth/sign-in/email',
        headers: { origin: 'https://matchwerk.example' },
        payload: { email: 'admin@matchwerk.example', password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const session = login.cookies.find((cookie) => cookie.name.endsWith('matchwerk.session_token'));
      expect(session?.secure).toBe(true);
      expect(session?.httpOnly).toBe(true);
      const me = await secure.app.inject({
        method: 'GET',
        url: '/rest/users/current-user',
        headers: { cookie: cookieHeader(login) },
      });
      expect(me.statusCode).toBe(200);
    } finally {
      await secure.close();
    }
  });
});
