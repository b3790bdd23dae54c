// @database-sensitive: search and sorting in SQL
import {
  ERROR_MESSAGES,
  PASSWORD_LENGTH_MESSAGES,
  PRIVACY_VERSION,
  REQUEST_MESSAGES,
  TERMS_VERSION,
} from '@matchwerk/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalAcceptances, organizations, usedEmailVerifications, users } from '../../db/schema/index';
import { cookieHeader, signIn, UNVERIFIED_EMAIL } from '../../testing/actors';
import { createTestApp, type TestApp } from '../../testing/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

const signupBody = (overrides: Record<string, unknown> = {}) => ({
  companyName: 'Neckarblick Elektrotechnik GmbH',
  userName: 'Nora Neckar',
  email: 'nora@neckarblick.example',
  password: 'Stromlaufplan-im-Neckartal',
  region: 'HORB',
  termsAndConditionsChecked: true,
  ...overrides,
});

async function countOrganizations(name: string) {
  return (await testApp.database.db.select().from(organizations).where(eq(organizations.name, name))).length;
}

describe('POST /rest/organization/signup', () => {
  it('creates account, organisation and user; sends a German verification mail with an /authaction link', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/rest/organization/signup',
      payload: signupBody(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'VERIFICATION_SENT' });

    const mail = testApp.mailer.lastTo('nora@neckarblick.example');
    expect(mail?.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(testApp.linksTo('nora@neckarblick.example')[0]).toMatch(
      /^http:\/\/localhost:3000\/#\/authaction\?mode=verifyEmail&token=/,
    );

    const userId = await testApp.userIdOf('nora@neckarblick.example');
    const [row] = await testApp.database.db.select().from(users).where(eq(users.id, userId));
    expect(row?.type).toBe('ORGANIZATION');
    // The sign-up's one checkbox accepts both current texts (ADR 0113): no second checkbox at the first sign-in.
    expect(row?.termsAndConditionsSignedAt).toBeInstanceOf(Date);
    expect(row?.privacyStatementSignedAt).toEqual(row?.termsAndConditionsSignedAt);
    const accepted = await testApp.database.db
      .select({ document: legalAcceptances.document, version: legalAcceptances.version })
      .from(legalAcceptances)
      .where(eq(legalAcceptances.userId, userId))
      .orderBy(legalAcceptances.document);
    expect(accepted).toEqual([
      { document: 'PRIVACY', version: PRIVACY_VERSION },
      { document: 'TERMS', version: TERMS_VERSION },
    ]);
    const [organization] = await testApp.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, row!.organizationId!));
    // A self sign-up waits for release by the region's partner (ADR 0020).
    expect(organization).toMatchObject({
      name: 'Neckarblick Elektrotechnik GmbH',
      region: 'HORB',
      active: false,
      member: false,
      approvedAt: null,
    });

    // Not verified yet: sign-in is refused.
    expect((await signIn(testApp, 'nora@neckarblick.example', 'Stromlaufplan-im-Neckartal')).statusCode).toBe(403);
  });

  it('the verification link verifies, answers JSON (no redirect) and signs in; nothing left to accept', async () => {
    const token = testApp.tokenFrom('nora@neckarblick.example', 'verifyEmail');
    // As the web app's /authaction page calls it: same-origin GET, no Origin header, no callbackURL.
    const verify = await testApp.app.inject({
      method: 'GET',
      url: `/rest/auth/verify-email?token=${encodeURIComponent(token)}`,
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json<{ status: boolean }>().status).toBe(true);
    const me = await testApp.app.inject({
      method: 'GET',
      url: '/rest/users/current-user',
      headers: { cookie: cookieHeader(verify) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'nora@neckarblick.example',
      emailVerified: true,
      type: 'ORGANIZATION',
      region: 'HORB',
      legalDue: [],
    });

    // The link works once (issue 49 item 13): a second click is refused and signs nobody in.
    const again = await testApp.app.inject({
      method: 'GET',
      url: `/rest/auth/verify-email?token=${encodeURIComponent(token)}`,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 'INVALID_TOKEN', message: ERROR_MESSAGES.INVALID_TOKEN });
    expect(again.cookies.some((cookie) => cookie.name.includes('session_token'))).toBe(false);
    // A refused (forged) token uses up nothing: only the one real link is kept.
    const forged = await testApp.app.inject({ method: 'GET', url: '/rest/auth/verify-email?token=a.b.c' });
    expect(forged.statusCode).toBe(401);
    expect(await testApp.database.db.select().from(usedEmailVerifications)).toHaveLength(1);
  });

  it('answers a duplicate e-mail exactly the same and creates no organisation', async () => {
    const before = testApp.mailer.sent.length;
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/rest/organization/signup',
      payload: signupBody({ email: 'firma@matchwerk.example', companyName: 'Doppelte Firma GmbH' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'VERIFICATION_SENT' });
    expect(await countOrganizations('Doppelte Firma GmbH')).toBe(0);
    // The owner is told, in German, that an account exists.
    expect(testApp.mailer.sent.length).toBe(before + 1);
    expect(testApp.mailer.lastTo('firma@matchwerk.example')?.subject).toBe('Sie haben bereits ein Matchwerk-Konto');
  });

  it('removes the new account again when the organisation cannot be created', async () => {
    await testApp.database.db.execute(
      sql`alter table organizations add constraint test_refuse_name check (name <> 'Kaputt GmbH')`,
    );
    try {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/rest/organization/signup',
        payload: signupBody({ email: 'kaputt@test.example', companyName: 'Kaputt GmbH' }),
      });
      // A CHECK violation answers 400 (ADR 0048); the account is gone either way.
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', message: REQUEST_MESSAGES.valueNotAllowed });
      await expect(testApp.userIdOf('kaputt@test.example')).rejects.toThrow();
    } finally {
      await testApp.database.db.execute(sql`alter table organizations drop constraint test_refuse_name`);
    }
  });

  it('refuses a common password with 400 PASSWORD_COMPROMISED (German)', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/rest/organization/signup',
      payload: signupBody({ email: 'schwach@test.example', password: 'qwerty123456', companyName: 'Schwach GmbH' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'PASSWORD_COMPROMISED' });
    expect(response.json<{ message: string }>().message).toContain('Passwort');
    expect(await countOrganizations('Schwach GmbH')).toBe(0);
  });

  it('refuses the e-mail address as password', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/rest/organization/signup',
      payload: signupBody({ email: 'gleich.lang@test.example', password: 'gleich.lang@test.example' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ code: string }>().code).toBe('PASSWORD_COMPROMISED');
  });

  it('answers missing terms and short passwords with German field errors', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/rest/organization/signup',
      payload: signupBody({ termsAndConditionsChecked: false, password: 'kurz', region: 'ATLANTIS' }),
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; fieldErrors: Record<string, string> }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fieldErrors).toEqual({
      termsAndConditionsChecked: 'Bitte stimmen Sie den Nutzungsbedingungen und der Datenschutzerklärung zu.',
      password: PASSWORD_LENGTH_MESSAGES.tooShort,
      region: 'Bitte wählen Sie eine gültige Region.',
    });
  });
});

describe('POST /rest/organization/resend-signup-confirmation', () => {
  it('resends for an unverified account, says the same for others, and sends nothing then', async () => {
    const before = testApp.mailer.sent.length;
    const unverified = await testApp.app.inject({
      method: 'POST',
      url: '/rest/organization/resend-signup-confirmation',
      payload: { email: UNVERIFIED_EMAIL },
    });
    expect(unverified.statusCode).toBe(200);
    expect(unverified.json()).toEqual({ ok: true });
    expect(testApp.mailer.sent.length).toBe(before + 1);
    expect(testApp.linksTo(UNVERIFIED_EMAIL)[0]).toContain('mode=verifyEmail');

    for (const email of ['firma@matchwerk.example', 'unbekannt@test.example']) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/rest/organization/resend-signup-confirmation',
        payload: { email },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
    }
    expect(testApp.mailer.sent.length).toBe(before + 1);
  });
});
