import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_VERSION, TERMS_VERSION, type CurrentUser } from '@matchwerk/shared';
import { legalAcceptances, users } from '../../db/schema/index';
import { ACTOR_EMAILS, bearer, createSessionToken, LEGAL_UNSIGNED_EMAIL } from '../../testing/actors';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** ADR 0037: acceptance per version; a new version is accepted once, by the documents that are due. */

const NEW_TERMS = '2099-01-01';

async function acceptancesOf(testApp: TestApp, userId: string) {
  return testApp.database.db
    .select({ document: legalAcceptances.document, version: legalAcceptances.version })
    .from(legalAcceptances)
    .where(eq(legalAcceptances.userId, userId))
    .orderBy(legalAcceptances.document, legalAcceptances.version);
}

describe('legal versions with the versions of the repository', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const me = async (token: string) =>
    testApp.app.inject({ method: 'GET', url: '/rest/users/current-user', headers: bearer(token) });
  const accept = async (token: string, payload: Record<string, unknown>) =>
    testApp.app.inject({
      method: 'POST',
      url: '/rest/users/accept-terms-and-data-protection',
      headers: bearer(token),
      payload,
    });

  it('a user who accepted the current versions has nothing due', async () => {
    const token = await createSessionToken(testApp, await testApp.userIdOf(ACTOR_EMAILS.organisationOwn));
    expect((await me(token)).json<CurrentUser>().legalDue).toEqual([]);
  });

  it('a user who never accepted gets both documents due, must agree to both, and is recorded once per version', async () => {
    const userId = await testApp.userIdOf(LEGAL_UNSIGNED_EMAIL);
    const token = await createSessionToken(testApp, userId);
    expect((await me(token)).json<CurrentUser>().legalDue).toEqual([
      { document: 'PRIVACY', version: PRIVACY_VERSION, acceptedVersion: null },
      { document: 'TERMS', version: TERMS_VERSION, acceptedVersion: null },
    ]);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/rest/vacancy', headers: bearer(token) })).json(),
    ).toMatchObject({ code: 'LEGAL_NOT_SIGNED' });

    const partly = await accept(token, { termsAndConditionsAccepted: true });
    expect(partly.statusCode).toBe(400);
    expect(partly.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { privacyStatementAccepted: 'Bitte stimmen Sie der Datenschutzerklärung zu.' },
    });
    expect(await acceptancesOf(testApp, userId)).toEqual([]);

    const both = await accept(token, { privacyStatementAccepted: true, termsAndConditionsAccepted: true });
    expect(both.statusCode).toBe(200);
    expect(both.json<CurrentUser>().legalDue).toEqual([]);
    expect(both.json<CurrentUser>().privacyStatementSignedAt).not.toBeNull();
    expect((await me(token)).json<CurrentUser>().legalDue).toEqual([]);
    expect((await testApp.app.inject({ method: 'GET', url: '/rest/vacancy', headers: bearer(token) })).statusCode).toBe(
      200,
    );

    // Accepting again records nothing new: nobody accepts the same version twice.
    expect((await accept(token, { privacyStatementAccepted: true, termsAndConditionsAccepted: true })).statusCode).toBe(
      200,
    );
    expect(await acceptancesOf(testApp, userId)).toEqual([
      { document: 'PRIVACY', version: PRIVACY_VERSION },
      { document: 'TERMS', version: TERMS_VERSION },
    ]);
  });

  it('the sign-up checkbox accepts the current privacy statement and terms: nothing is due afterwards', async () => {
    const email = 'lena@versionen.example';
    const signup = await testApp.app.inject({
      method: 'POST',
      url: '/rest/organization/signup',
      payload: {
        companyName: 'Versionen GmbH',
        userName: 'Lena Version',
        email,
        password: 'Fassung-vom-Sechsundzwanzigsten',
        region: 'HORB',
        termsAndConditionsChecked: true,
      },
    });
    expect(signup.statusCode).toBe(200);
    const userId = await testApp.userIdOf(email);
    // One consent, one place (issue 48 item 9, ADR 0113): the sign-up's checkbox accepts both texts.
    expect(await acceptancesOf(testApp, userId)).toEqual([
      { document: 'PRIVACY', version: PRIVACY_VERSION },
      { document: 'TERMS', version: TERMS_VERSION },
    ]);
    const token = await createSessionToken(testApp, userId);
    expect((await me(token)).json<CurrentUser>().legalDue).toEqual([]);
  });
});

describe('legal versions after a new version of the terms', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    // The demo data accepted the repository's versions; this app runs with newer terms.
    testApp = await createTestApp({ legalVersions: { PRIVACY: PRIVACY_VERSION, TERMS: NEW_TERMS } });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('asks every user once for the new terms only, and keeps the privacy date', async () => {
    const userId = await testApp.userIdOf(ACTOR_EMAILS.admin);
    const token = await createSessionToken(testApp, userId);
    const [before] = await testApp.database.db.select().from(users).where(eq(users.id, userId));

    const current = await testApp.app.inject({
      method: 'GET',
      url: '/rest/users/current-user',
      headers: bearer(token),
    });
    expect(current.json<CurrentUser>().legalDue).toEqual([
      { document: 'TERMS', version: NEW_TERMS, acceptedVersion: TERMS_VERSION },
    ]);
    const blocked = await testApp.app.inject({ method: 'GET', url: '/rest/vacancy', headers: bearer(token) });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'LEGAL_NOT_SIGNED' });

    // Agreeing to the privacy statement only does not open the gate.
    const wrong = await testApp.app.inject({
      method: 'POST',
      url: '/rest/users/accept-terms-and-data-protection',
      headers: bearer(token),
      payload: { privacyStatementAccepted: true },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      fieldErrors: { termsAndConditionsAccepted: 'Bitte stimmen Sie den Nutzungsbedingungen zu.' },
    });

    const accepted = await testApp.app.inject({
      method: 'POST',
      url: '/rest/users/accept-terms-and-data-protection',
      headers: bearer(token),
      payload: { termsAndConditionsAccepted: true },
    });
    expect(accepted.statusCode).toBe(200);
    const user = accepted.json<CurrentUser>();
    expect(user.legalDue).toEqual([]);
    expect(user.privacyStatementSignedAt).toBe(before!.privacyStatementSignedAt!.toISOString());
    expect(new Date(user.termsAndConditionsSignedAt!).getTime()).toBeGreaterThan(
      before!.termsAndConditionsSignedAt!.getTime(),
    );

    const rows = await testApp.database.db
      .select({ version: legalAcceptances.version })
      .from(legalAcceptances)
      .where(and(eq(legalAcceptances.userId, userId), eq(legalAcceptances.document, 'TERMS')))
      .orderBy(legalAcceptances.version);
    expect(rows.map((row) => row.version)).toEqual([TERMS_VERSION, NEW_TERMS]);
    expect((await testApp.app.inject({ method: 'GET', url: '/rest/vacancy', headers: bearer(token) })).statusCode).toBe(
      200,
    );
    // A new session (next sign-in) is not asked again.
    const next = await createSessionToken(testApp, userId);
    expect(
      (
        await testApp.app.inject({ method: 'GET', url: '/rest/users/current-user', headers: bearer(next) })
      ).json<CurrentUser>().legalDue,
    ).toEqual([]);
  });
});
