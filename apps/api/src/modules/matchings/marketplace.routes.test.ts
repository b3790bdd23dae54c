/**
 * Route tests of the marketplace through app.inject on the real app (PGlite, and PostgreSQL
 * with TEST_DATABASE_URL): candidate side, matchings, chats with polling, ownership and cascades.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chats, matchings, messages } from '../../db/schema/marketplace';
import { organizations } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { actorHeaders, bearer, createSessionToken, createTestUser, type ActorName } from '../../testing/actors';
import { insertVacancy } from '../../testing/fixtures';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import { makeImage, multipartBody } from '../../testing/uploads';
import { MATCHING_MESSAGES } from './matchings.service';

let testApp: TestApp;
let headers: Record<ActorName, Record<string, string>>;
let ownOrganizationId: string;
let otherOrganizationId: string;
/** Fresh active postings: own organisation (Sindelfingen, with coordinates), other organisation. */
let ownVacancyId: string;
let secondOwnVacancyId: string;
let inactiveVacancyId: string;
let otherVacancyId: string;

interface TestApplicant {
  id: string;
  headers: Record<string, string>;
}

async function newApplicant(names = ['Lea'], familyNames = ['Sommer']): Promise<TestApplicant> {
  const user = await createTestUser(testApp, { type: 'APPLICANT', name: [...names, ...familyNames].join(' ') });
  const applicantHeaders = bearer(await createSessionToken(testApp, user.id));
  const response = await inject('PUT', '/rest/applicant/profile', applicantHeaders, {
    names,
    familyNames,
    school: 'Goldberg-Gymnasium Sindelfingen',
    region: 'SINDELFINGEN',
    interests: ['Technik'],
  });
  expect(response.statusCode).toBe(200);
  return { id: user.id, headers: applicantHeaders };
}

function inject(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  requestHeaders: Record<string, string> = {},
  payload?: unknown,
) {
  return testApp.app.inject({
    method,
    url,
    headers: requestHeaders,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const uuid = () => crypto.randomUUID();

/** Counts the statements the app sends to its database (PGlite client, or the pg pool). */
function countQueries(): { stop(): number } {
  const handle = testApp.database;
  // drizzle keeps the driver client as $client; its query() is where every statement goes.
  const client = (handle.pglite ??
    (handle.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client) as {
    query: (...args: unknown[]) => unknown;
  };
  const spy = vi.spyOn(client, 'query');
  return {
    stop() {
      const calls = spy.mock.calls.length;
      spy.mockRestore();
      return calls;
    },
  };
}

async function showInterest(applicant: TestApplicant, vacancyId = ownVacancyId) {
  return inject('POST', '/rest/applicant/matchings', applicant.headers, { vacancyId });
}

async function decide(
  applicantId: string,
  organizationResult: 'ACCEPTED' | 'REJECTED',
  options: { vacancyId?: string; organizationId?: string; as?: Record<string, string>; message?: string } = {},
) {
  return inject('POST', '/rest/matching/organization/set-result', options.as ?? headers.organisationOwn, {
    vacancyId: options.vacancyId ?? ownVacancyId,
    applicantId,
    organizationResult,
    organizationId: options.organizationId ?? ownOrganizationId,
    ...(options.message === undefined ? {} : { message: options.message }),
  });
}

beforeAll(async () => {
  testApp = await createTestApp();
  headers = await actorHeaders(testApp);
  const own = await inject('GET', '/rest/users/current-user', headers.organisationOwn);
  const other = await inject('GET', '/rest/users/current-user', headers.organisationOther);
  ownOrganizationId = own.json<{ organizationId: string }>().organizationId;
  otherOrganizationId = other.json<{ organizationId: string }>().organizationId;
  const db = testApp.database.db;
  ownVacancyId = await insertVacancy(db, ownOrganizationId, {
    title: 'Ausbildung Mechatroniker/in (m/w/d)',
    active: true,
    lat: 48.7,
    lng: 9.0,
    zipCode: '71063',
  });
  secondOwnVacancyId = await insertVacancy(db, ownOrganizationId, {
    title: 'Praktikum Konstruktion',
    type: 'INTERNSHIP',
    active: true,
    lat: 48.7,
    lng: 9.0,
  });
  inactiveVacancyId = await insertVacancy(db, ownOrganizationId, {
    title: 'Entwurf (inaktiv)',
    active: false,
    lat: 48.7,
    lng: 9.0,
  });
  otherVacancyId = await insertVacancy(db, otherOrganizationId, {
    title: 'Ausbildung Flechtwerkgestalter/in',
    active: true,
    lat: 50.14,
    lng: 11.06,
    city: 'Lichtenfels',
    zipCode: '96215',
  });
});

afterAll(async () => {
  await testApp?.close();
});

describe('candidate side: sign-up and profile', () => {
  it('signs a candidate up (APPLICANT user, profile, verification mail) and answers a known address the same way', async () => {
    const body = {
      email: 'neue.bewerberin@test.example',
      password: 'Ein-langes-Test-Passwort-42',
      names: ['Mia'],
      familyNames: ['Keller'],
      region: 'HORB',
      dateOfBirth: '2005-05-05',
      termsAndConditionsChecked: true,
    };
    const first = await inject('POST', '/rest/applicant/signup', { origin: TEST_ORIGIN }, body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'VERIFICATION_SENT' });
    const id = await testApp.userIdOf('neue.bewerberin@test.example');
    const [row] = await testApp.database.db.select().from(users).where(eq(users.id, id));
    expect(row?.type).toBe('APPLICANT');
    expect(row?.termsAndConditionsSignedAt).not.toBeNull();
    expect(testApp.mailer.lastTo('neue.bewerberin@test.example')?.subject).toContain('bestätigen');
    const again = await inject('POST', '/rest/applicant/signup', { origin: TEST_ORIGIN }, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'VERIFICATION_SENT' });
  });

  it('refuses sign-up without consent in German', async () => {
    const response = await inject(
      'POST',
      '/rest/applicant/signup',
      {},
      {
        email: 'x@test.example',
        password: 'Ein-langes-Test-Passwort-42',
        names: ['A'],
        familyNames: ['B'],
        region: 'HORB',
      },
    );
    expect(response.statusCode).toBe(400);
  });

  it('reads and saves the own profile; web-app users get 403, signed-out 401', async () => {
    const applicant = await newApplicant(['Jonas', 'Emil'], ['Weber']);
    const read = await inject('GET', '/rest/applicant/profile', applicant.headers);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      id: applicant.id,
      names: ['Jonas', 'Emil'],
      familyNames: ['Weber'],
      school: 'Goldberg-Gymnasium Sindelfingen',
      photos: [],
      photosCount: 0,
    });
    const invalid = await inject('PUT', '/rest/applicant/profile', applicant.headers, {
      names: [],
      familyNames: ['Weber'],
    });
    expect(invalid.statusCode).toBe(400);
    for (const actor of ['organisationOwn', 'admin', 'partnerInRegion', 'statistics'] as const) {
      expect((await inject('GET', '/rest/applicant/profile', headers[actor])).statusCode).toBe(403);
    }
    expect((await inject('GET', '/rest/applicant/profile')).statusCode).toBe(401);
  });

  it('uploads, serves and deletes profile photos; organisations see them only with a matching on their postings', async () => {
    const applicant = await newApplicant();
    const upload = multipartBody(await makeImage('png'), { filename: 'ich.png', contentType: 'image/png' });
    const uploaded = await testApp.app.inject({
      method: 'POST',
      url: '/rest/applicant/profile/photos',
      headers: { ...applicant.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const { photoId } = uploaded.json<{ photoId: string }>();
    const own = await inject('GET', `/rest/applicant/profile/photos/${photoId}`, applicant.headers);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    const photoUrl = `/rest/applicants/${applicant.id}/photo/${photoId}`;
    // No matching yet: no organisation sees the photo.
    expect((await inject('GET', photoUrl, headers.organisationOwn)).statusCode).toBe(404);
    expect((await showInterest(applicant)).statusCode).toBe(201);
    expect((await inject('GET', photoUrl, headers.organisationOwn)).statusCode).toBe(200);
    expect((await inject('GET', photoUrl, headers.organisationOther)).statusCode).toBe(404);
    expect((await inject('GET', photoUrl, headers.admin)).statusCode).toBe(403);
    const other = await newApplicant();
    expect((await inject('GET', `/rest/applicant/profile/photos/${photoId}`, other.headers)).statusCode).toBe(404);
    expect((await inject('DELETE', `/rest/applicant/profile/photos/${photoId}`, other.headers)).statusCode).toBe(404);
    expect((await inject('DELETE', `/rest/applicant/profile/photos/${photoId}`, applicant.headers)).statusCode).toBe(
      204,
    );
    expect((await inject('GET', `/rest/applicant/profile/photos/${photoId}`, applicant.headers)).statusCode).toBe(404);
  });
});

describe('candidate side: postings', () => {
  it('lists only active postings of active organisations, with filters and distance', async () => {
    const applicant = await newApplicant();
    const all = await inject('GET', '/rest/applicant/vacancies?pageSize=100', applicant.headers);
    expect(all.statusCode).toBe(200);
    const ids = all.json<{ items: { id: string }[] }>().items.map((item) => item.id);
    expect(ids).toContain(ownVacancyId);
    expect(ids).toContain(otherVacancyId);
    expect(ids).not.toContain(inactiveVacancyId);

    const internships = await inject(
      'GET',
      '/rest/applicant/vacancies?type=INTERNSHIP&pageSize=100',
      applicant.headers,
    );
    expect(internships.json<{ items: { type: string }[] }>().items.every((item) => item.type === 'INTERNSHIP')).toBe(
      true,
    );

    const lichtenfels = await inject(
      'GET',
      '/rest/applicant/vacancies?region=LICHTENFELS&pageSize=100',
      applicant.headers,
    );
    const regionIds = lichtenfels.json<{ items: { id: string; organization: { region: string } }[] }>().items;
    expect(regionIds.map((item) => item.id)).toContain(otherVacancyId);
    expect(regionIds.every((item) => item.organization.region === 'LICHTENFELS')).toBe(true);

    const near = await inject(
      'GET',
      '/rest/applicant/vacancies?zipCode=71063&radiusKm=30&sort=distance&pageSize=100',
      applicant.headers,
    );
    expect(near.statusCode).toBe(200);
    const nearItems = near.json<{ items: { id: string; distanceKm: number | null }[] }>().items;
    expect(nearItems.map((item) => item.id)).toContain(ownVacancyId);
    expect(nearItems.map((item) => item.id)).not.toContain(otherVacancyId);
    expect(nearItems.every((item) => item.distanceKm !== null && item.distanceKm <= 30)).toBe(true);
    const distances = nearItems.map((item) => item.distanceKm!);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);

    const unknownZip = await inject('GET', '/rest/applicant/vacancies?zipCode=00000', applicant.headers);
    expect(unknownZip.statusCode).toBe(400);
    expect(unknownZip.json<{ message: string }>().message).toContain('Postleitzahl');
    expect((await inject('GET', '/rest/applicant/vacancies', headers.organisationOwn)).statusCode).toBe(403);
  });

  it('shows an active posting and its photos, and 404 for an inactive one', async () => {
    const applicant = await newApplicant();
    const active = await inject('GET', `/rest/applicant/vacancies/${ownVacancyId}`, applicant.headers);
    expect(active.statusCode).toBe(200);
    expect(active.json()).toMatchObject({ id: ownVacancyId, organization: { id: ownOrganizationId } });
    expect((await inject('GET', `/rest/applicant/vacancies/${inactiveVacancyId}`, applicant.headers)).statusCode).toBe(
      404,
    );
    expect((await inject('GET', '/rest/applicant/vacancies/not-a-uuid', applicant.headers)).statusCode).toBe(404);
    const seeded = await inject('GET', '/rest/applicant/vacancies?pageSize=100', applicant.headers);
    const withImage = seeded.json<{ items: { id: string; image: string | null }[] }>().items.find((item) => item.image);
    expect(withImage).toBeDefined();
    const photo = await inject(
      'GET',
      `/rest/applicant/vacancies/${withImage!.id}/photos/${withImage!.image!}`,
      applicant.headers,
    );
    expect(photo.statusCode).toBe(200);
    expect(
      (await inject('GET', `/rest/applicant/vacancies/${ownVacancyId}/photos/${withImage!.image!}`, applicant.headers))
        .statusCode,
    ).toBe(404);
  });
});

describe('matchings', () => {
  it('candidate shows interest (201, repeat 200), the own organisation sees it under open with the profile, the other does not', async () => {
    const applicant = await newApplicant(['Finn'], ['Schäfer']);
    const created = await showInterest(applicant);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      vacancyId: ownVacancyId,
      state: 'OPEN',
      organization: { id: ownOrganizationId },
      decidedAt: null,
    });
    expect((await showInterest(applicant)).statusCode).toBe(200);
    for (const vacancyId of [inactiveVacancyId, 'not-a-uuid', `${ownVacancyId}x`]) {
      const refused = await showInterest(applicant, vacancyId);
      expect(refused.statusCode, vacancyId).toBe(404);
      expect(refused.json<{ message: string }>().message).toBe(MATCHING_MESSAGES.vacancyNotFound);
    }

    const list = await inject('GET', '/rest/matching/organization', headers.organisationOwn);
    expect(list.statusCode).toBe(200);
    const open = list.json<{ open: { applicantId: string; vacancyTitle: string; applicant: { names: string[] } }[] }>()
      .open;
    const mine = open.find((matching) => matching.applicantId === applicant.id);
    expect(mine).toMatchObject({
      vacancyTitle: 'Ausbildung Mechatroniker/in (m/w/d)',
      applicant: { names: ['Finn'], familyNames: ['Schäfer'] },
    });

    const otherList = await inject('GET', '/rest/matching/organization', headers.organisationOther);
    const otherAll = Object.values(otherList.json<Record<string, { applicantId: string }[]>>()).flat();
    expect(otherAll.some((matching) => matching.applicantId === applicant.id)).toBe(false);

    const own = await inject('GET', '/rest/applicant/matchings', applicant.headers);
    expect(own.json<{ matchings: unknown[] }>().matchings).toHaveLength(1);
    for (const actor of ['admin', 'partnerInRegion', 'statistics', 'applicant'] as const) {
      expect((await inject('GET', '/rest/matching/organization', headers[actor])).statusCode).toBe(403);
    }
  });

  it('accept opens the chat with a system message at once; accept twice or reject after accept → 409', async () => {
    const applicant = await newApplicant();
    await showInterest(applicant);
    const accepted = await decide(applicant.id, 'ACCEPTED');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ state: 'ACCEPTED', applicantId: applicant.id });
    expect(accepted.json<{ decidedAt: string | null }>().decidedAt).not.toBeNull();
    const chat = await inject('GET', `/rest/messages/organization/${applicant.id}`, headers.organisationOwn);
    expect(chat.statusCode).toBe(200);
    expect(chat.json<{ messages: { sender: string; text: string }[] }>().messages).toEqual([
      expect.objectContaining({ sender: 'SYSTEM', text: 'Sie haben die Anfrage angenommen. Der Chat ist eröffnet.' }),
    ]);
    const twice = await decide(applicant.id, 'ACCEPTED');
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ message: string }>().message).toContain('bereits entschieden');
    expect((await decide(applicant.id, 'REJECTED')).statusCode).toBe(409);
    // Withdrawing an accepted matching ends the contact instead (safeguarding.routes.test.ts, ADR 0101).
    const candidateView = await inject('GET', '/rest/applicant/matchings', applicant.headers);
    expect(candidateView.json<{ matchings: { state: string }[] }>().matchings[0]?.state).toBe('ACCEPTED');
    // A second accepted posting of the same organisation reuses the one chat.
    await showInterest(applicant, secondOwnVacancyId);
    expect((await decide(applicant.id, 'ACCEPTED', { vacancyId: secondOwnVacancyId })).statusCode).toBe(200);
    const rows = await testApp.database.db.select().from(chats).where(eq(chats.applicantId, applicant.id));
    expect(rows).toHaveLength(1);
  });

  it('reject leaves open for rejected and opens no chat; the candidate reads the words sent with it', async () => {
    const applicant = await newApplicant();
    await showInterest(applicant);
    const rejected = await decide(applicant.id, 'REJECTED', { message: '  Danke für Ihr Interesse!  ' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ state: 'REJECTED' });
    expect(
      (await inject('GET', `/rest/messages/organization/${applicant.id}`, headers.organisationOwn)).statusCode,
    ).toBe(404);
    const candidateView = await inject('GET', '/rest/applicant/matchings', applicant.headers);
    expect(candidateView.json<{ matchings: unknown[] }>().matchings[0]).toMatchObject({
      state: 'REJECTED',
      declineMessage: 'Danke für Ihr Interesse!',
      declinedAutomatically: false,
    });
    const again = await showInterest(applicant);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(MATCHING_MESSAGES.decidedNoRenew);
    const list = await inject('GET', '/rest/matching/organization', headers.organisationOwn);
    expect(
      list
        .json<{ rejected: { applicantId: string }[] }>()
        .rejected.some((matching) => matching.applicantId === applicant.id),
    ).toBe(true);
  });

  it("only for own postings and the own organisation id: someone else's answers 404 like an unknown one", async () => {
    const applicant = await newApplicant();
    await showInterest(applicant);
    expect((await decide(applicant.id, 'ACCEPTED', { organizationId: otherOrganizationId })).statusCode).toBe(404);
    expect(
      (await decide(applicant.id, 'ACCEPTED', { as: headers.organisationOther, organizationId: otherOrganizationId }))
        .statusCode,
    ).toBe(404);
    expect((await decide(applicant.id, 'ACCEPTED', { as: headers.organisationOther })).statusCode).toBe(404);
    expect((await decide(applicant.id, 'ACCEPTED', { vacancyId: secondOwnVacancyId })).statusCode).toBe(404);
    expect((await decide('unknown-applicant', 'ACCEPTED')).statusCode).toBe(404);
    expect((await decide(applicant.id, 'ACCEPTED', { vacancyId: 'not-a-uuid' })).statusCode).toBe(404);
    expect((await decide(applicant.id, 'ACCEPTED', { as: headers.admin })).statusCode).toBe(403);
    // Still open: nothing was decided by the refused calls.
    const list = await inject('GET', '/rest/applicant/matchings', applicant.headers);
    expect(list.json<{ matchings: { state: string }[] }>().matchings[0]?.state).toBe('OPEN');
  });

  it('candidate withdraws an open matching (204), then it is gone (404)', async () => {
    const applicant = await newApplicant();
    await showInterest(applicant);
    expect((await inject('DELETE', `/rest/applicant/matchings/${ownVacancyId}`, applicant.headers)).statusCode).toBe(
      204,
    );
    expect((await inject('DELETE', `/rest/applicant/matchings/${ownVacancyId}`, applicant.headers)).statusCode).toBe(
      404,
    );
    expect((await inject('DELETE', '/rest/applicant/matchings/not-a-uuid', applicant.headers)).statusCode).toBe(404);
    expect((await inject('GET', '/rest/applicant/matchings', applicant.headers)).json()).toEqual({
      matchings: [],
      next: null,
    });
  });
});

describe('chats', () => {
  let applicant: TestApplicant;
  beforeAll(async () => {
    applicant = await newApplicant(['Sophie'], ['Brandt']);
    await showInterest(applicant);
    await decide(applicant.id, 'ACCEPTED');
  });

  it('two parties: poll 204 when idle, the candidate message within one poll, the reply reaches the candidate', async () => {
    const chatUrl = `/rest/messages/organization/${applicant.id}`;
    const opened = await inject('GET', chatUrl, headers.organisationOwn);
    const { cursor } = opened.json<{ cursor: string }>();
    expect(opened.json()).toMatchObject({ applicant: { id: applicant.id, names: ['Sophie'] } });

    const idle = await inject('GET', `${chatUrl}/polling?since=${cursor}`, headers.organisationOwn);
    expect(idle.statusCode).toBe(204);
    expect(idle.body).toBe('');

    const clientMessageId = uuid();
    const sent = await inject('POST', `/rest/applicant/chats/${ownOrganizationId}/messages`, applicant.headers, {
      text: 'Hallo, wann kann ich vorbeikommen?',
      clientMessageId,
    });
    expect(sent.statusCode).toBe(201);
    const retry = await inject('POST', `/rest/applicant/chats/${ownOrganizationId}/messages`, applicant.headers, {
      text: 'Hallo, wann kann ich vorbeikommen?',
      clientMessageId,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(sent.json());

    const news = await inject('GET', `${chatUrl}/polling?since=${cursor}`, headers.organisationOwn);
    expect(news.statusCode).toBe(200);
    const polled = news.json<{
      messages: { text: string; sender: string; clientMessageId: string | null }[];
      cursor: string;
    }>();
    // The candidate's idempotency key stays with the candidate (ADR 0083).
    expect(polled.messages).toEqual([
      expect.objectContaining({
        text: 'Hallo, wann kann ich vorbeikommen?',
        sender: 'APPLICANT',
        clientMessageId: null,
      }),
    ]);
    expect((await inject('GET', `${chatUrl}/polling?since=${polled.cursor}`, headers.organisationOwn)).statusCode).toBe(
      204,
    );

    const candidateChat = await inject('GET', `/rest/applicant/chats/${ownOrganizationId}`, applicant.headers);
    expect(candidateChat.statusCode).toBe(200);
    const candidateCursor = candidateChat.json<{ cursor: string; organization: { id: string } }>();
    expect(candidateCursor.organization.id).toBe(ownOrganizationId);
    const reply = await inject('POST', `/rest/messages/${applicant.id}`, headers.organisationOwn, {
      text: 'Gern am Montag um 10 Uhr: https://www.schwabenwerk.example/anfahrt',
      clientMessageId: uuid(),
    });
    expect(reply.statusCode).toBe(201);
    const candidatePoll = await inject(
      'GET',
      `/rest/applicant/chats/${ownOrganizationId}/polling?since=${candidateCursor.cursor}`,
      applicant.headers,
    );
    expect(candidatePoll.statusCode).toBe(200);
    expect(candidatePoll.json<{ messages: { sender: string }[] }>().messages.map((message) => message.sender)).toEqual([
      'ORGANIZATION',
    ]);

    const stored = await testApp.database.db
      .select()
      .from(messages)
      .innerJoin(chats, eq(chats.id, messages.chatId))
      .where(eq(chats.applicantId, applicant.id));
    expect(stored).toHaveLength(3);
  });

  it('answers idle polls of both sides without any database query after warm-up', async () => {
    const orgCursor = (
      await inject('GET', `/rest/messages/organization/${applicant.id}`, headers.organisationOwn)
    ).json<{ cursor: string }>().cursor;
    const candidateCursor = (
      await inject('GET', `/rest/applicant/chats/${ownOrganizationId}`, applicant.headers)
    ).json<{ cursor: string }>().cursor;
    const orgPoll = `/rest/messages/organization/${applicant.id}/polling?since=${orgCursor}`;
    const candidatePoll = `/rest/applicant/chats/${ownOrganizationId}/polling?since=${candidateCursor}`;
    // Warm-up: the first poll of a session looks the session up once.
    expect((await inject('GET', orgPoll, headers.organisationOwn)).statusCode).toBe(204);
    expect((await inject('GET', candidatePoll, applicant.headers)).statusCode).toBe(204);
    const queries = countQueries();
    for (let index = 0; index < 20; index++) {
      expect((await inject('GET', orgPoll, headers.organisationOwn)).statusCode).toBe(204);
      expect((await inject('GET', candidatePoll, applicant.headers)).statusCode).toBe(204);
    }
    expect(queries.stop()).toBe(0);
    // News still arrives: a send raises the version, the next poll does its one query.
    await inject('POST', `/rest/messages/${applicant.id}`, headers.organisationOwn, {
      text: 'Noch eine Frage',
      clientMessageId: uuid(),
    });
    const withNews = countQueries();
    const polled = await inject('GET', candidatePoll, applicant.headers);
    expect(polled.statusCode).toBe(200);
    expect(withNews.stop()).toBe(1);
  });

  it('lists chats newest first on both sides', async () => {
    const list = await inject('GET', '/rest/messages', headers.organisationOwn);
    expect(list.statusCode).toBe(200);
    const chatList = list.json<{
      chats: { applicantId: string; timestamp: string; lastMessage: { text: string } | null }[];
    }>().chats;
    expect(chatList.some((chat) => chat.applicantId === applicant.id)).toBe(true);
    const times = chatList.map((chat) => chat.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    const candidate = await inject('GET', '/rest/applicant/chats', applicant.headers);
    expect(
      candidate.json<{ chats: { organization: { id: string } }[] }>().chats.map((chat) => chat.organization.id),
    ).toEqual([ownOrganizationId]);
  });

  it('organisation B never reads A’s chat; a candidate never reads another candidate’s chat', async () => {
    const stranger = await newApplicant();
    for (const url of [
      `/rest/messages/organization/${applicant.id}`,
      `/rest/messages/organization/${applicant.id}/polling?since=0`,
    ]) {
      expect((await inject('GET', url, headers.organisationOther)).statusCode).toBe(404);
    }
    expect(
      (
        await inject('POST', `/rest/messages/${applicant.id}`, headers.organisationOther, {
          text: 'Hallo',
          clientMessageId: uuid(),
        })
      ).statusCode,
    ).toBe(404);
    const otherList = await inject('GET', '/rest/messages', headers.organisationOther);
    expect(
      otherList.json<{ chats: { applicantId: string }[] }>().chats.some((chat) => chat.applicantId === applicant.id),
    ).toBe(false);
    for (const url of [
      `/rest/applicant/chats/${ownOrganizationId}`,
      `/rest/applicant/chats/${ownOrganizationId}/polling?since=0`,
    ]) {
      expect((await inject('GET', url, stranger.headers)).statusCode).toBe(404);
    }
    expect(
      (
        await inject('POST', `/rest/applicant/chats/${ownOrganizationId}/messages`, stranger.headers, {
          text: 'Hallo',
          clientMessageId: uuid(),
        })
      ).statusCode,
    ).toBe(404);
    for (const actor of ['admin', 'partnerInRegion', 'statistics'] as const) {
      expect((await inject('GET', `/rest/messages/organization/${applicant.id}`, headers[actor])).statusCode).toBe(403);
      expect((await inject('GET', '/rest/messages', headers[actor])).statusCode).toBe(403);
    }
    expect(
      (await inject('GET', `/rest/messages/organization/${applicant.id}/polling`, applicant.headers)).statusCode,
    ).toBe(403);
    expect(
      (await inject('GET', `/rest/applicant/chats/${ownOrganizationId}`, headers.organisationOwn)).statusCode,
    ).toBe(403);
  });

  it('validates messages and cursors in German', async () => {
    const empty = await inject('POST', `/rest/messages/${applicant.id}`, headers.organisationOwn, {
      text: '   ',
      clientMessageId: uuid(),
    });
    expect(empty.statusCode).toBe(400);
    const noId = await inject('POST', `/rest/messages/${applicant.id}`, headers.organisationOwn, { text: 'Hallo' });
    expect(noId.statusCode).toBe(400);
    const badCursor = await inject(
      'GET',
      `/rest/messages/organization/${applicant.id}/polling?since=abc`,
      headers.organisationOwn,
    );
    expect(badCursor.statusCode).toBe(400);
  });
});

describe('cascades', () => {
  it('deleting a posting removes its matchings; deleting the organisation removes its chats and messages', async () => {
    const db = testApp.database.db;
    const organizationId = (
      await db
        .insert(organizations)
        .values({ name: 'Kaskade GmbH', region: 'SINDELFINGEN' })
        .returning({ id: organizations.id })
    )[0]!.id;
    const owner = await createTestUser(testApp, { type: 'ORGANIZATION', organization: organizationId });
    const ownerHeaders = bearer(await createSessionToken(testApp, owner.id));
    const vacancyId = await insertVacancy(db, organizationId, { active: true });
    const secondVacancyId = await insertVacancy(db, organizationId, { active: true });
    const applicant = await newApplicant();
    await showInterest(applicant, vacancyId);
    await showInterest(applicant, secondVacancyId);
    expect((await decide(applicant.id, 'ACCEPTED', { vacancyId, organizationId, as: ownerHeaders })).statusCode).toBe(
      200,
    );
    await inject('POST', `/rest/applicant/chats/${organizationId}/messages`, applicant.headers, {
      text: 'Hallo',
      clientMessageId: uuid(),
    });

    expect((await inject('DELETE', `/rest/vacancy/${secondVacancyId}`, ownerHeaders)).statusCode).toBe(204);
    expect(await db.select().from(matchings).where(eq(matchings.vacancyId, secondVacancyId))).toEqual([]);
    expect(await db.select().from(matchings).where(eq(matchings.vacancyId, vacancyId))).toHaveLength(1);

    const [chat] = await db
      .select()
      .from(chats)
      .where(and(eq(chats.organizationId, organizationId), eq(chats.applicantId, applicant.id)));
    expect(chat).toBeDefined();
    expect((await inject('DELETE', `/rest/organization/${organizationId}`, ownerHeaders)).statusCode).toBe(204);
    expect(await db.select().from(chats).where(eq(chats.organizationId, organizationId))).toEqual([]);
    expect(await db.select().from(messages).where(eq(messages.chatId, chat!.id))).toEqual([]);
    expect(await db.select().from(matchings).where(eq(matchings.vacancyId, vacancyId))).toEqual([]);
    expect((await inject('GET', '/rest/applicant/chats', applicant.headers)).json()).toEqual({ chats: [] });
  });
});
