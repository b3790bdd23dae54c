/**
 * The candidate's account mails and legal texts through the real app (ADR 0102): a candidate's
 * sign-up mail says "du" and links into /app/, the texts are accepted at sign-up in their
 * versions, a newer version is reported and accepted; employers' mails stay as they were.
 */
import {
  CURRENT_CANDIDATE_LEGAL_VERSIONS,
  type CandidateLegalStatus,
  type CandidateLegalTextsResponse,
  type CurrentUser,
  type ErrorResponse,
} from '@matchwerk/shared';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalAcceptances } from '../../db/schema/index';
import { ACTOR_EMAILS, bearer, createSessionToken, createTestUser } from '../../testing/actors';
import { createTestApp, TEST_ORIGIN, TEST_PUBLIC_URL, type TestApp } from '../../testing/test-app';

const PASSWORD = 'Ein-langes-Test-Passwort-42';
const OLD = '2025-01-01';

function signupBody(email: string, extra: Record<string, unknown> = {}) {
  return {
    email,
    password: PASSWORD,
    names: ['Lea'],
    familyNames: ['Sommer'],
    region: 'SINDELFINGEN',
    dateOfBirth: '2009-03-01',
    termsAndConditionsChecked: true,
    ...extra,
  };
}

describe('candidate account mails and legal texts', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
    testApp.app.inject({
      method: 'POST',
      url,
      headers: { origin: TEST_ORIGIN, ...headers },
      payload: payload as Record<string, unknown>,
    });
  const get = (url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
    testApp.app.inject({ method: 'GET', url, headers });

  async function acceptedOf(userId: string) {
    return testApp.database.db
      .select({ document: legalAcceptances.document, version: legalAcceptances.version })
      .from(legalAcceptances)
      .where(eq(legalAcceptances.userId, userId))
      .orderBy(legalAcceptances.document);
  }

  it('a candidate signs up: the mail says "du" and its link opens /app/#/bestaetigt; the link confirms the address', async () => {
    const email = 'lea.sommer@test.example';
    expect((await post('/rest/applicant/signup', signupBody(email))).statusCode).toBe(200);
    const mail = testApp.mailer.lastTo(email);
    expect(mail?.subject).toBe('Deine E-Mail-Adresse bestätigen');
    expect(mail?.text).toContain('Hallo Lea Sommer,');
    expect(mail?.text).toContain('schön, dass du bei Matchwerk bist');
    const links = testApp.linksTo(email);
    const confirm = links.find((link) => link.startsWith(`${TEST_PUBLIC_URL}/app/#/bestaetigt?token=`));
    expect(confirm, links.join(' ')).toBeDefined();
    expect(links.some((link) => link.includes('/#/authaction'))).toBe(false);
    const token = new URLSearchParams(confirm!.split('?')[1]).get('token')!;
    expect((await get(`/rest/auth/verify-email?token=${encodeURIComponent(token)}`)).statusCode).toBe(200);

    // Accepted at sign-up: both candidate texts in their current versions.
    const id = await testApp.userIdOf(email);
    expect(await acceptedOf(id)).toEqual([
      { document: 'CANDIDATE_PRIVACY', version: CURRENT_CANDIDATE_LEGAL_VERSIONS.CANDIDATE_PRIVACY },
      { document: 'CANDIDATE_TERMS', version: CURRENT_CANDIDATE_LEGAL_VERSIONS.CANDIDATE_TERMS },
    ]);
    const token2 = await createSessionToken(testApp, id);
    const me = await get('/rest/users/current-user', bearer(token2));
    expect(me.json<CurrentUser>().candidateLegalDue).toEqual([]);
  });

  it('a candidate asks for a new password: the link opens /app/#/passwort with token and address; an employer keeps /#/authaction', async () => {
    const candidate = ACTOR_EMAILS.applicant;
    expect((await post('/rest/auth/request-password-reset', { email: candidate })).statusCode).toBe(200);
    const mail = testApp.mailer.lastTo(candidate);
    expect(mail?.subject).toBe('Neues Passwort für die Matchwerk-App');
    expect(mail?.text).toContain('du möchtest ein neues Passwort');
    const link = testApp.linksTo(candidate).find((l) => l.includes('/app/#/passwort?'));
    expect(link).toMatch(
      new RegExp(`^${TEST_PUBLIC_URL}/app/#/passwort\\?token=[^&]+&email=${encodeURIComponent(candidate)}$`),
    );
    expect(testApp.tokenFrom(candidate, 'resetPassword')).toBeTruthy();

    const employer = ACTOR_EMAILS.organisationOwn;
    expect((await post('/rest/auth/request-password-reset', { email: employer })).statusCode).toBe(200);
    expect(testApp.mailer.lastTo(employer)?.subject).toBe('Passwort zurücksetzen');
    expect(testApp.linksTo(employer).some((l) => l.includes('/#/authaction?mode=resetPassword&token='))).toBe(true);
  });

  it('signing up again with a known candidate address tells the owner in "du" with the app sign-in link', async () => {
    const email = ACTOR_EMAILS.applicant;
    expect((await post('/rest/applicant/signup', signupBody(email))).statusCode).toBe(200);
    const mail = testApp.mailer.lastTo(email);
    expect(mail?.subject).toBe('Du hast schon ein Matchwerk-Konto');
    expect(testApp.linksTo(email)).toContain(`${TEST_PUBLIC_URL}/app/#/anmelden`);
  });

  it('refuses a sign-up that accepted an outdated or incomplete version, in German, and creates nothing', async () => {
    const email = 'veraltet@test.example';
    const outdated = await post(
      '/rest/applicant/signup',
      signupBody(email, {
        acceptedLegalVersions: {
          CANDIDATE_PRIVACY: OLD,
          CANDIDATE_TERMS: CURRENT_CANDIDATE_LEGAL_VERSIONS.CANDIDATE_TERMS,
        },
      }),
    );
    expect(outdated.statusCode).toBe(400);
    expect(outdated.json<ErrorResponse>()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: {
        'acceptedLegalVersions.CANDIDATE_PRIVACY':
          'Datenschutz: Diese Fassung ist nicht mehr aktuell. Bitte lies die neue Fassung und stimme ihr zu.',
      },
    });
    const incomplete = await post(
      '/rest/applicant/signup',
      signupBody(email, {
        acceptedLegalVersions: { CANDIDATE_TERMS: CURRENT_CANDIDATE_LEGAL_VERSIONS.CANDIDATE_TERMS },
      }),
    );
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json<ErrorResponse>().fieldErrors).toHaveProperty(['acceptedLegalVersions.CANDIDATE_PRIVACY']);
    const unknown = await post(
      '/rest/applicant/signup',
      signupBody(email, { acceptedLegalVersions: { ...CURRENT_CANDIDATE_LEGAL_VERSIONS, COOKIES: OLD } }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(testApp.mailer.lastTo(email)).toBeUndefined();

    const current = await post(
      '/rest/applicant/signup',
      signupBody(email, { acceptedLegalVersions: { ...CURRENT_CANDIDATE_LEGAL_VERSIONS } }),
    );
    expect(current.statusCode).toBe(200);
    expect(await acceptedOf(await testApp.userIdOf(email))).toHaveLength(2);
  });

  it('GET /rest/public/legal/candidate: both texts in plain language, current versions, cacheable, no session needed', async () => {
    const response = await get('/rest/public/legal/candidate');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const { documents } = response.json<CandidateLegalTextsResponse>();
    expect(documents.map((d) => [d.document, d.version])).toEqual([
      ['CANDIDATE_PRIVACY', CURRENT_CANDIDATE_LEGAL_VERSIONS.CANDIDATE_PRIVACY],
      ['CANDIDATE_TERMS', CURRENT_CANDIDATE_LEGAL_VERSIONS.CANDIDATE_TERMS],
    ]);
    const privacy = documents[0]!.sections.flatMap((s) => s.paragraphs).join(' ');
    expect(privacy).toContain('dein Geburtsdatum');
    expect(privacy).toContain('Meine Daten herunterladen');
  });

  it('a newer version is due: current-user and GET /rest/applicant/legal say so; accepting records it once', async () => {
    const user = await createTestUser(testApp, { type: 'APPLICANT', email: 'aeltere.fassung@test.example' });
    await testApp.database.db.insert(legalAcceptances).values([
      { userId: user.id, document: 'CANDIDATE_PRIVACY', version: OLD },
      { userId: user.id, document: 'CANDIDATE_TERMS', version: CURRENT_CANDIDATE_LEGAL_VERSIONS.CANDIDATE_TERMS },
    ]);
    const headers = bearer(await createSessionToken(testApp, user.id));

    const me = await get('/rest/users/current-user', headers);
    expect(me.json<CurrentUser>().candidateLegalDue).toEqual([
      {
        document: 'CANDIDATE_PRIVACY',
        version: CURRENT_CANDIDATE_LEGAL_VERSIONS.CANDIDATE_PRIVACY,
        acceptedVersion: OLD,
      },
    ]);
    const status = await get('/rest/applicant/legal', headers);
    expect(status.statusCode).toBe(200);
    expect(status.json<CandidateLegalStatus>()).toMatchObject({
      documents: [
        {
          document: 'CANDIDATE_PRIVACY',
          acceptedVersion: OLD,
          currentVersion: CURRENT_CANDIDATE_LEGAL_VERSIONS.CANDIDATE_PRIVACY,
        },
        { document: 'CANDIDATE_TERMS', acceptedVersion: CURRENT_CANDIDATE_LEGAL_VERSIONS.CANDIDATE_TERMS },
      ],
      due: [{ document: 'CANDIDATE_PRIVACY' }],
    });

    // Agreeing to the wrong document or an old version is refused in German.
    const withoutDue = await post(
      '/rest/applicant/legal/acceptances',
      { accepted: { CANDIDATE_TERMS: CURRENT_CANDIDATE_LEGAL_VERSIONS.CANDIDATE_TERMS } },
      headers,
    );
    expect(withoutDue.statusCode).toBe(400);
    expect(withoutDue.json<ErrorResponse>().fieldErrors).toEqual({
      'accepted.CANDIDATE_PRIVACY': 'Datenschutz: Bitte lies die neue Fassung und stimme ihr zu.',
    });
    const old = await post('/rest/applicant/legal/acceptances', { accepted: { CANDIDATE_PRIVACY: OLD } }, headers);
    expect(old.statusCode).toBe(400);
    const extra = await post('/rest/applicant/legal/acceptances', { accepted: {}, note: 'x' }, headers);
    expect(extra.statusCode).toBe(400);

    const accepted = await post(
      '/rest/applicant/legal/acceptances',
      { accepted: { CANDIDATE_PRIVACY: CURRENT_CANDIDATE_LEGAL_VERSIONS.CANDIDATE_PRIVACY } },
      headers,
    );
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<CandidateLegalStatus>().due).toEqual([]);
    expect((await get('/rest/users/current-user', headers)).json<CurrentUser>().candidateLegalDue).toEqual([]);
    // Again: nothing due, nothing recorded twice.
    expect(
      (await post('/rest/applicant/legal/acceptances', { accepted: { ...CURRENT_CANDIDATE_LEGAL_VERSIONS } }, headers))
        .statusCode,
    ).toBe(200);
    const rows = await testApp.database.db
      .select()
      .from(legalAcceptances)
      .where(and(eq(legalAcceptances.userId, user.id), eq(legalAcceptances.document, 'CANDIDATE_PRIVACY')));
    expect(rows.map((row) => row.version).sort()).toEqual([OLD, CURRENT_CANDIDATE_LEGAL_VERSIONS.CANDIDATE_PRIVACY]);
  });

  it('web-app users have no candidate texts due and cannot use the candidate routes', async () => {
    const headers = bearer(await createSessionToken(testApp, await testApp.userIdOf(ACTOR_EMAILS.organisationOwn)));
    expect((await get('/rest/users/current-user', headers)).json<CurrentUser>()).not.toHaveProperty(
      'candidateLegalDue',
    );
    expect((await get('/rest/applicant/legal', headers)).statusCode).toBe(403);
    expect((await get('/rest/applicant/legal')).statusCode).toBe(401);
  });
});
