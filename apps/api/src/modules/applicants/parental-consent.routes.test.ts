/**
 * Age and parental consent through the real app (issue 46 item 1, ADR 0096/0097), on PGlite and
 * (with TEST_DATABASE_URL) PostgreSQL: sign-up ages with boundary birthdays, the parent's mail
 * (memory mailer in front of the demo outbox) → public page → confirm / decline / revoke, the gate
 * on interest and chat, postings' minimum age in lists and interest, and employers seeing the age
 * in years, never the birth date.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANDIDATE_AGE_MESSAGES, type CurrentUser } from '@matchwerk/shared';
import { mailOutbox, parentalConsentEvents } from '../../db/schema/index';
import { actorHeaders, bearer, createSessionToken, type ActorName } from '../../testing/actors';
import { insertVacancy, vacancyInput } from '../../testing/fixtures';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import { birthDateForAge, parentLinkToken, signUpYoungCandidate } from '../../testing/young-candidate';

let testApp: TestApp;
let headers: Record<ActorName, Record<string, string>>;
let ownOrganizationId: string;
/** Active postings of the own organisation: an apprenticeship (15) and an internship (14). */
let apprenticeshipId: string;
let internshipId: string;

type Json = Record<string, unknown>;

function inject(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  requestHeaders: Record<string, string> = {},
  payload?: unknown,
) {
  return testApp.app.inject({
    method,
    url,
    headers: requestHeaders,
    ...(payload === undefined ? {} : { payload: payload as Json | string }),
  });
}

function decide(token: string, decision: string) {
  return inject(
    'POST',
    `/einwilligung?token=${encodeURIComponent(token)}`,
    { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN },
    `decision=${decision}`,
  );
}

let signupCounter = 0;
function signupBody(overrides: Json = {}): Json {
  signupCounter += 1;
  return {
    email: `alter-${signupCounter}-${Date.now().toString(36)}@test.example`,
    password: 'Ein-langes-Test-Passwort-42',
    names: ['Mia'],
    familyNames: ['Keller'],
    region: 'SINDELFINGEN',
    dateOfBirth: birthDateForAge(17),
    termsAndConditionsChecked: true,
    ...overrides,
  };
}

function signup(body: Json) {
  return inject('POST', '/rest/applicant/signup', { origin: TEST_ORIGIN }, body);
}

/** The consent as the current-user answer carries it (warmed twice: the second answer comes from the session cache). */
async function currentUserConsentOf(candidateHeaders: Record<string, string>) {
  await inject('GET', '/rest/users/current-user', candidateHeaders);
  const response = await inject('GET', '/rest/users/current-user', candidateHeaders);
  expect(response.statusCode).toBe(200);
  return response.json<CurrentUser>().parentalConsent;
}

async function consentOf(candidateHeaders: Record<string, string>) {
  const response = await inject('GET', '/rest/applicant/parental-consent', candidateHeaders);
  expect(response.statusCode).toBe(200);
  return response.json<{ status: string; mayContact: boolean; message: string | null; parentEmail: string | null }>();
}

beforeAll(async () => {
  testApp = await createTestApp();
  headers = await actorHeaders(testApp);
  const own = await inject('GET', '/rest/users/current-user', headers.organisationOwn);
  ownOrganizationId = own.json<{ organizationId: string }>().organizationId;
  const db = testApp.database.db;
  apprenticeshipId = await insertVacancy(db, ownOrganizationId, {
    title: 'Ausbildung ab 15 (Alterstest)',
    active: true,
    minAge: 15,
  });
  internshipId = await insertVacancy(db, ownOrganizationId, {
    title: 'Praktikum ab 14 (Alterstest)',
    type: 'INTERNSHIP',
    active: true,
    minAge: 14,
  });
});

afterAll(async () => {
  await testApp?.close();
});

describe('sign-up: birth date and minimum age', () => {
  it('refuses a candidate one day short of 14 with a German reason, accepts one who turns 14 today', async () => {
    const young = await signup(
      signupBody({ dateOfBirth: birthDateForAge(14, 1), parentEmail: 'eltern-a@test.example' }),
    );
    expect(young.statusCode).toBe(400);
    expect(young.json<{ message: string; fieldErrors: Json }>().fieldErrors.dateOfBirth).toBe(
      CANDIDATE_AGE_MESSAGES.tooYoung(14),
    );
    expect(young.json<{ message: string }>().message).toContain('Jugendarbeitsschutzgesetz');
    const fourteen = await signup(
      signupBody({ dateOfBirth: birthDateForAge(14), parentEmail: 'eltern-b@test.example' }),
    );
    expect(fourteen.statusCode).toBe(200);
  });

  it('asks for a parent below 16 and refuses one from 16; the day of the 16th birthday counts', async () => {
    const noParent = await signup(signupBody({ dateOfBirth: birthDateForAge(16, 1) }));
    expect(noParent.statusCode).toBe(400);
    expect(noParent.json<{ fieldErrors: Json }>().fieldErrors).toEqual({
      parentEmail: CANDIDATE_AGE_MESSAGES.parentEmailMissing,
    });
    const sixteen = await signup(signupBody({ dateOfBirth: birthDateForAge(16) }));
    expect(sixteen.statusCode).toBe(200);
    const needless = await signup(
      signupBody({ dateOfBirth: birthDateForAge(16), parentEmail: 'eltern-c@test.example' }),
    );
    expect(needless.statusCode).toBe(400);
    expect(needless.json<{ fieldErrors: Json }>().fieldErrors).toEqual({
      parentEmail: CANDIDATE_AGE_MESSAGES.parentEmailNotNeeded,
    });
  });

  it('refuses a missing, impossible or future birth date, the own address as the parent’s and unknown fields (German 400)', async () => {
    const { dateOfBirth: _omitted, ...withoutBirthDate } = signupBody();
    const cases: [Json, string, string][] = [
      [withoutBirthDate, 'dateOfBirth', CANDIDATE_AGE_MESSAGES.missing],
      [signupBody({ dateOfBirth: '2011-02-30' }), 'dateOfBirth', 'Bitte geben Sie ein gültiges Datum ein.'],
      [signupBody({ dateOfBirth: birthDateForAge(0, 1) }), 'dateOfBirth', CANDIDATE_AGE_MESSAGES.inFuture],
      [signupBody({ dateOfBirth: '1900-01-01' }), 'dateOfBirth', CANDIDATE_AGE_MESSAGES.tooOld],
    ];
    for (const [body, field, message] of cases) {
      const response = await signup(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ fieldErrors: Json }>().fieldErrors[field]).toBe(message);
    }
    const same = signupBody({ dateOfBirth: birthDateForAge(15) });
    const own = await signup({ ...same, parentEmail: same.email });
    expect(own.statusCode).toBe(400);
    expect(own.json<{ fieldErrors: Json }>().fieldErrors.parentEmail).toBe(CANDIDATE_AGE_MESSAGES.parentEmailSame);
    const unknown = await signup(signupBody({ birthday: '2010-01-01' }));
    expect(unknown.statusCode).toBe(400);
  });

  it('keeps the birth date: the profile shows it to the candidate, a different one is refused', async () => {
    const young = await signUpYoungCandidate(testApp, 15);
    const profile = await inject('GET', '/rest/applicant/profile', young.headers);
    expect(profile.statusCode).toBe(200);
    expect(profile.json<Json>().dateOfBirth).toBe(birthDateForAge(15));
    expect(profile.json<{ parentalConsent: Json }>().parentalConsent).toMatchObject({
      status: 'PENDING',
      mayContact: false,
      parentEmail: young.parentEmail,
    });
    const change = await inject('PUT', '/rest/applicant/profile', young.headers, {
      names: ['Jona'],
      familyNames: ['Jung'],
      dateOfBirth: birthDateForAge(17),
    });
    expect(change.statusCode).toBe(400);
    expect(change.json<{ fieldErrors: Json }>().fieldErrors.dateOfBirth).toBe(CANDIDATE_AGE_MESSAGES.changeRefused);
    const keep = await inject('PUT', '/rest/applicant/profile', young.headers, {
      names: ['Jona'],
      familyNames: ['Jung'],
    });
    expect(keep.statusCode).toBe(200);
    expect(keep.json<Json>().dateOfBirth).toBe(birthDateForAge(15));
  });
});

describe('parental consent: mail → page → decision', () => {
  it('a 14-year-old waits for the parent: no interest, page shows the choice, confirm opens interest, revoke closes it again', async () => {
    const young = await signUpYoungCandidate(testApp, 14);
    // The mail went through the mailer into the demo outbox too, in plain language with the link.
    const [outbox] = await testApp.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, young.parentEmail));
    expect(outbox?.subject).toBe('Matchwerk: Jona braucht Ihre Zustimmung');
    expect(outbox?.text).toContain('/einwilligung?token=');
    expect(await consentOf(young.headers)).toMatchObject({ status: 'PENDING', mayContact: false });
    expect(await currentUserConsentOf(young.headers)).toEqual({
      status: 'PENDING',
      mayContact: false,
      blockedActions: ['INTEREST', 'CHAT'],
      message: CANDIDATE_AGE_MESSAGES.consentMissing,
    });

    const refused = await inject('POST', '/rest/applicant/matchings', young.headers, { vacancyId: internshipId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ code: string; message: string }>()).toMatchObject({ code: 'PARENTAL_CONSENT_REQUIRED' });
    expect(refused.json<{ message: string }>().message).toContain('Deine Eltern müssen noch zustimmen');

    const page = await inject('GET', `/einwilligung?token=${young.token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="de">');
    expect(page.body).toContain('Welche Daten verarbeiten wir?');
    expect(page.body).toContain('Ich stimme zu');
    expect(page.body).toContain('Ich lehne ab');
    // Opening the page decides nothing (mail scanners open links).
    expect((await consentOf(young.headers)).status).toBe('PENDING');

    const confirmed = await decide(young.token, 'confirm');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Vielen Dank für Ihre Zustimmung');
    expect(await consentOf(young.headers)).toMatchObject({ status: 'CONFIRMED', mayContact: true, message: null });
    // The parent's click reaches the candidate's cached session too.
    expect(await currentUserConsentOf(young.headers)).toEqual({
      status: 'CONFIRMED',
      mayContact: true,
      blockedActions: [],
      message: null,
    });
    expect(testApp.mailer.lastTo(young.parentEmail)?.subject).toBe('Matchwerk: Ihre Zustimmung für Jona');

    const interest = await inject('POST', '/rest/applicant/matchings', young.headers, { vacancyId: internshipId });
    expect(interest.statusCode).toBe(201);

    // The same link later takes the consent back; interest is refused again.
    const revokePage = await inject('GET', `/einwilligung?token=${young.token}`);
    expect(revokePage.body).toContain('Zustimmung zurücknehmen');
    expect((await decide(young.token, 'revoke')).statusCode).toBe(200);
    const revoked = await consentOf(young.headers);
    expect(revoked).toMatchObject({ status: 'REVOKED', mayContact: false });
    expect(revoked.message).toBe(CANDIDATE_AGE_MESSAGES.consentRevoked);
    expect(await currentUserConsentOf(young.headers)).toMatchObject({
      status: 'REVOKED',
      blockedActions: ['INTEREST', 'CHAT'],
    });
    const again = await inject('POST', '/rest/applicant/matchings', young.headers, { vacancyId: internshipId });
    expect(again.statusCode).toBe(403);

    const events = await testApp.database.db
      .select({ event: parentalConsentEvents.event })
      .from(parentalConsentEvents)
      .where(eq(parentalConsentEvents.applicantId, young.id))
      .orderBy(parentalConsentEvents.at);
    expect(events.map((row) => row.event)).toEqual(['REQUESTED', 'CONFIRMED', 'REVOKED']);
  });

  it('a declined consent restricts the account and tells the candidate; a decision that does not fit is a 400 page', async () => {
    const young = await signUpYoungCandidate(testApp, 15);
    expect((await decide(young.token, 'revoke')).statusCode).toBe(400);
    const declined = await decide(young.token, 'decline');
    expect(declined.statusCode).toBe(200);
    expect(declined.body).toContain('Sie haben abgelehnt');
    const consent = await consentOf(young.headers);
    expect(consent).toMatchObject({ status: 'DECLINED', mayContact: false });
    expect(consent.message).toBe(CANDIDATE_AGE_MESSAGES.consentDeclined);
    const refused = await inject('POST', '/rest/applicant/matchings', young.headers, { vacancyId: apprenticeshipId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(CANDIDATE_AGE_MESSAGES.consentDeclined);
    expect((await decide(young.token, 'nonsense')).statusCode).toBe(400);
  });

  it('an unknown or missing token gets the German 400 page, never JSON', async () => {
    for (const url of ['/einwilligung?token=kein-token', '/einwilligung']) {
      const response = await inject('GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.body).toContain('Link ungültig oder abgelaufen');
    }
    expect((await decide('kein-token', 'confirm')).statusCode).toBe(400);
  });

  it('the candidate sends the mail again to a new address (the old link stops working), at most 3 an hour, not after a confirmation', async () => {
    const young = await signUpYoungCandidate(testApp, 15);
    const own = await inject('POST', '/rest/applicant/parental-consent', young.headers, { parentEmail: young.email });
    expect(own.statusCode).toBe(400);
    const unknown = await inject('POST', '/rest/applicant/parental-consent', young.headers, {
      parentEmail: 'mama@test.example',
      extra: true,
    });
    expect(unknown.statusCode).toBe(400);
    const moved = await inject('POST', '/rest/applicant/parental-consent', young.headers, {
      parentEmail: `neu-${young.parentEmail}`,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<Json>()).toMatchObject({ status: 'PENDING', parentEmail: `neu-${young.parentEmail}` });
    expect((await inject('GET', `/einwilligung?token=${young.token}`)).statusCode).toBe(400);
    const newToken = parentLinkToken(testApp, `neu-${young.parentEmail}`);
    for (let sent = 2; sent <= 3; sent += 1) {
      const response = await inject('POST', '/rest/applicant/parental-consent', young.headers, {
        parentEmail: young.parentEmail,
      });
      expect(response.statusCode).toBe(200);
    }
    const tooMany = await inject('POST', '/rest/applicant/parental-consent', young.headers, {
      parentEmail: young.parentEmail,
    });
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.headers['retry-after']).toBeDefined();
    expect(tooMany.json<{ message: string }>().message).toContain('Bitte warte');
    // The newest link works; after the confirmation there is nothing to send.
    const latest = parentLinkToken(testApp, young.parentEmail);
    expect(latest).not.toBe(newToken);
    expect((await decide(latest, 'confirm')).statusCode).toBe(200);
    const adult = await signUpYoungCandidate(testApp, 15);
    expect((await decide(adult.token, 'confirm')).statusCode).toBe(200);
    const afterConfirm = await inject('POST', '/rest/applicant/parental-consent', adult.headers, {
      parentEmail: 'anders@test.example',
    });
    expect(afterConfirm.statusCode).toBe(409);
  });

  it('a candidate from 16 needs no consent (NOT_REQUIRED, 409 on a request); signed-out 401, employers 403', async () => {
    expect(await consentOf(headers.applicant)).toMatchObject({ status: 'NOT_REQUIRED', mayContact: true });
    expect(await currentUserConsentOf(headers.applicant)).toEqual({
      status: 'NOT_REQUIRED',
      mayContact: true,
      blockedActions: [],
      message: null,
    });
    // Web-app users have no such field.
    const employer = await inject('GET', '/rest/users/current-user', headers.organisationOwn);
    expect(employer.json<CurrentUser>()).not.toHaveProperty('parentalConsent');
    const request = await inject('POST', '/rest/applicant/parental-consent', headers.applicant, {
      parentEmail: 'eltern@test.example',
    });
    expect(request.statusCode).toBe(409);
    expect(request.json<{ message: string }>().message).toBe(CANDIDATE_AGE_MESSAGES.consentNotNeeded);
    expect((await inject('GET', '/rest/applicant/parental-consent')).statusCode).toBe(401);
    expect((await inject('GET', '/rest/applicant/parental-consent', headers.organisationOwn)).statusCode).toBe(403);
  });
});

describe('minimum age of postings and what employers see', () => {
  it('a 14-year-old with consent sees the internship (14) but not the apprenticeship (15), and is refused interest in it', async () => {
    const young = await signUpYoungCandidate(testApp, 14);
    expect((await decide(young.token, 'confirm')).statusCode).toBe(200);
    const list = await inject('GET', '/rest/applicant/vacancies?pageSize=100', young.headers);
    expect(list.statusCode).toBe(200);
    const items = list.json<{ items: { id: string; minAge: number }[] }>().items;
    expect(items.map((item) => item.id)).toContain(internshipId);
    expect(items.map((item) => item.id)).not.toContain(apprenticeshipId);
    expect(items.every((item) => item.minAge <= 14)).toBe(true);
    const refused = await inject('POST', '/rest/applicant/matchings', young.headers, { vacancyId: apprenticeshipId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<Json>()).toMatchObject({
      code: 'TOO_YOUNG_FOR_POSTING',
      message: CANDIDATE_AGE_MESSAGES.tooYoungForPosting(15),
    });
    // The 17-year-old demo candidate sees both.
    const adultList = await inject('GET', '/rest/applicant/vacancies?pageSize=100', headers.applicant);
    const adultIds = adultList.json<{ items: { id: string }[] }>().items.map((item) => item.id);
    expect(adultIds).toEqual(expect.arrayContaining([internshipId, apprenticeshipId]));
  });

  it('employers see the age in years in matchings and chats, never the birth date', async () => {
    const young = await signUpYoungCandidate(testApp, 15);
    expect((await decide(young.token, 'confirm')).statusCode).toBe(200);
    expect(
      (await inject('POST', '/rest/applicant/matchings', young.headers, { vacancyId: apprenticeshipId })).statusCode,
    ).toBe(201);
    const matchings = await inject(
      'GET',
      `/rest/matching/organization?state=OPEN&vacancyId=${apprenticeshipId}`,
      headers.organisationOwn,
    );
    expect(matchings.statusCode).toBe(200);
    expect(matchings.body).not.toContain('dateOfBirth');
    expect(matchings.body).not.toContain(birthDateForAge(15));
    const mine = matchings
      .json<{ open: { applicantId: string; applicant: Json }[] }>()
      .open.find((item) => item.applicantId === young.id);
    expect(mine?.applicant.age).toBe(15);
    const accepted = await inject('POST', '/rest/matching/organization/set-result', headers.organisationOwn, {
      vacancyId: apprenticeshipId,
      applicantId: young.id,
      organizationResult: 'ACCEPTED',
      organizationId: ownOrganizationId,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.body).not.toContain('dateOfBirth');
    expect(accepted.json<{ applicant: Json }>().applicant.age).toBe(15);
    const chat = await inject('GET', `/rest/messages/organization/${young.id}`, headers.organisationOwn);
    expect(chat.statusCode).toBe(200);
    expect(chat.body).not.toContain('dateOfBirth');
    expect(chat.json<{ applicant: Json }>().applicant.age).toBe(15);
    // The candidate writes while the consent holds; after a revocation the chat refuses (403, German).
    const send = (text: string) =>
      inject('POST', `/rest/applicant/chats/${ownOrganizationId}/messages`, young.headers, {
        text,
        clientMessageId: crypto.randomUUID(),
      });
    expect((await send('Hallo!')).statusCode).toBeLessThan(300);
    expect((await decide(young.token, 'revoke')).statusCode).toBe(200);
    const blocked = await send('Noch da?');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json<{ code: string }>().code).toBe('PARENTAL_CONSENT_REQUIRED');
  });

  it('an employer’s posting gets the type default (empty), keeps a given minimum age, refuses one outside 13–18', async () => {
    const create = (overrides: Json) =>
      inject('POST', `/rest/vacancy/${ownOrganizationId}`, headers.organisationOwn, vacancyInput(overrides));
    const byDefault = await create({ minAge: null });
    expect(byDefault.statusCode).toBe(201);
    expect(byDefault.json<{ vacancy: Json }>().vacancy.minAge).toBe(15);
    const holiday = await create({
      type: 'HOLIDAY_JOB',
      trainingOccupationName: null,
      duration: null,
      startOfTraining: null,
      benefits: [],
      compensation: { salaryPerTrainingYear: [], additionalCompensation: null },
    });
    expect(holiday.statusCode, holiday.body).toBe(201);
    expect(holiday.json<{ vacancy: Json }>().vacancy.minAge).toBe(15);
    const given = await create({ minAge: 16 });
    expect(given.json<{ vacancy: Json }>().vacancy.minAge).toBe(16);
    for (const minAge of [12, 19, 15.5]) {
      const refused = await create({ minAge });
      expect(refused.statusCode, String(minAge)).toBe(400);
      expect(refused.json<{ fieldErrors: Json }>().fieldErrors.minAge).toBeTruthy();
    }
  });

  it('the public posting page names the minimum age', async () => {
    const page = await inject('GET', `/stellen/${internshipId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Mindestalter');
    expect(page.body).toContain('ab 14 Jahren');
  });
});

describe('demo candidates (issue 46 item 10)', () => {
  it('bewerber15 has his parent’s consent and matchings in every state; bewerberin14 waits; bewerberin is 17', async () => {
    const signedIn = async (email: string) => bearer(await createSessionToken(testApp, await testApp.userIdOf(email)));
    const fifteen = await signedIn('bewerber15@matchwerk.example');
    expect(await consentOf(fifteen)).toMatchObject({ status: 'CONFIRMED', mayContact: true });
    const matchings = await inject('GET', '/rest/applicant/matchings', fifteen);
    expect(matchings.statusCode).toBe(200);
    const states = new Set(matchings.json<{ matchings: { state: string }[] }>().matchings.map((row) => row.state));
    expect([...states].sort()).toEqual(['ACCEPTED', 'OPEN', 'REJECTED']);
    const fourteen = await signedIn('bewerberin14@matchwerk.example');
    expect(await consentOf(fourteen)).toMatchObject({ status: 'PENDING', mayContact: false });
    // Her parent's first mail goes out once the demo is seeded (server.ts), with a link that works.
    expect(await testApp.sendOutstandingConsentMails()).toBe(1);
    expect(testApp.mailer.lastTo('eltern.emma@matchwerk.example')?.subject).toBe(
      'Matchwerk: Emma braucht Ihre Zustimmung',
    );
    const emmaToken = parentLinkToken(testApp, 'eltern.emma@matchwerk.example');
    const page = await inject('GET', `/einwilligung?token=${emmaToken}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Ich stimme zu');
    expect(await testApp.sendOutstandingConsentMails()).toBe(0);
    const profile = await inject('GET', '/rest/applicant/profile', headers.applicant);
    expect(profile.json<{ parentalConsent: { status: string } }>().parentalConsent.status).toBe('NOT_REQUIRED');
  });
});
