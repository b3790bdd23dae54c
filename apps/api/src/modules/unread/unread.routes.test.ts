/**
 * Unread counts, seen marks and read marks (issue #14, ADR 0040) through app.inject on the real
 * app (PGlite, and PostgreSQL with TEST_DATABASE_URL): per-user seen state, "gelesen" from the
 * candidate API, and polls that cost no database query while nothing changed.
 */
import type { ApplicantUnreadResponse, UnreadResponse } from '@matchwerk/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createSessionToken, createTestUser } from '../../testing/actors';
import { insertVacancy } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

let testApp: TestApp;

interface Party {
  id: string;
  headers: Record<string, string>;
}

function inject(
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: Record<string, unknown>,
) {
  return testApp.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

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

async function member(organizationId: string): Promise<Party> {
  const user = await createTestUser(testApp, { type: 'ORGANIZATION', organization: organizationId });
  return { id: user.id, headers: bearer(await createSessionToken(testApp, user.id)) };
}

async function newApplicant(): Promise<Party> {
  const user = await createTestUser(testApp, { type: 'APPLICANT' });
  return { id: user.id, headers: bearer(await createSessionToken(testApp, user.id)) };
}

async function unread(party: Party, since?: string) {
  const response = await inject(
    'GET',
    `/rest/unread${since ? `?since=${encodeURIComponent(since)}` : ''}`,
    party.headers,
  );
  return {
    status: response.statusCode,
    body: response.statusCode === 200 ? response.json<UnreadResponse>() : null,
    cacheControl: response.headers['cache-control'],
  };
}

async function showInterest(applicant: Party, vacancyId: string) {
  expect((await inject('POST', '/rest/applicant/matchings', applicant.headers, { vacancyId })).statusCode).toBe(201);
}

async function accept(party: Party, organizationId: string, vacancyId: string, applicantId: string) {
  const response = await inject('POST', '/rest/matching/organization/set-result', party.headers, {
    vacancyId,
    applicantId,
    organizationResult: 'ACCEPTED',
    organizationId,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function say(
  from: 'org' | 'applicant',
  party: Party,
  organizationId: string,
  applicantId: string,
  text: string,
): Promise<number> {
  const url = from === 'org' ? `/rest/messages/${applicantId}` : `/rest/applicant/chats/${organizationId}/messages`;
  const response = await inject('POST', url, party.headers, { text, clientMessageId: crypto.randomUUID() });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ seq: number }>().seq;
}

let organizationId: string;
let anna: Party;
let ben: Party;
let vacancyA: string;
let vacancyB: string;

beforeAll(async () => {
  testApp = await createTestApp();
  const owner = await createTestUser(testApp, {
    type: 'ORGANIZATION',
    organization: { name: 'Ungelesen GmbH', region: 'HORB' },
  });
  organizationId = owner.organizationId!;
  anna = { id: owner.id, headers: bearer(await createSessionToken(testApp, owner.id)) };
  ben = await member(organizationId);
  vacancyA = await insertVacancy(testApp.database.db, organizationId, { title: 'Ausbildung Tischler', active: true });
  vacancyB = await insertVacancy(testApp.database.db, organizationId, { title: 'Ausbildung Koch', active: true });
});

afterAll(async () => {
  await testApp?.close();
});

describe('unread counts of organisation users', () => {
  it('counts new interest per user: opening Anfragen marks it seen for that user only', async () => {
    const lena = await newApplicant();
    const before = await unread(anna);
    expect(before.status).toBe(200);
    expect(before.cacheControl).toBe('no-store');
    await showInterest(lena, vacancyA);

    const forAnna = await unread(anna, before.body!.cursor);
    expect(forAnna.status).toBe(200);
    expect(forAnna.body!.matchings).toBe(before.body!.matchings + 1);
    expect(forAnna.body!.matchingsVersion).not.toBe(before.body!.matchingsVersion);
    expect(forAnna.body!.newMatchings[0]).toMatchObject({
      vacancyId: vacancyA,
      vacancyTitle: 'Ausbildung Tischler',
      applicantId: lena.id,
    });

    expect((await inject('POST', '/rest/unread/matchings/seen', anna.headers)).statusCode).toBe(204);
    const afterSeen = await unread(anna, forAnna.body!.cursor);
    expect(afterSeen.status).toBe(200);
    expect(afterSeen.body!).toMatchObject({ matchings: 0, newMatchings: [] });
    // Ben has his own seen state: still new for him.
    expect((await unread(ben)).body!.matchings).toBeGreaterThanOrEqual(1);
  });

  it('answers an unchanged poll with 204 and no database query; a change answers 200 again', async () => {
    const first = await unread(anna);
    const idle = countQueries();
    for (let i = 0; i < 5; i++) expect((await unread(anna, first.body!.cursor)).status).toBe(204);
    expect(idle.stop()).toBe(0);

    const tom = await newApplicant();
    await showInterest(tom, vacancyB);
    const changed = await unread(anna, first.body!.cursor);
    expect(changed.status).toBe(200);
    expect(changed.body!.matchings).toBe(first.body!.matchings + 1);
    const idleAgain = countQueries();
    expect((await unread(anna, changed.body!.cursor)).status).toBe(204);
    expect(idleAgain.stop()).toBe(0);
  });

  it('counts only open matchings: a decision by a colleague or a withdrawal moves the counts', async () => {
    const mia = await newApplicant();
    const noah = await newApplicant();
    await showInterest(mia, vacancyA);
    await showInterest(noah, vacancyA);
    const withBoth = await unread(ben);
    await accept(anna, organizationId, vacancyA, mia.id);
    const afterAccept = await unread(ben, withBoth.body!.cursor);
    expect(afterAccept.status).toBe(200);
    expect(afterAccept.body!.matchings).toBe(withBoth.body!.matchings - 1);
    const withdrawn = await testApp.app.inject({
      method: 'DELETE',
      url: `/rest/applicant/matchings/${vacancyA}`,
      headers: noah.headers,
    });
    expect(withdrawn.statusCode).toBe(204);
    const afterWithdraw = await unread(ben, afterAccept.body!.cursor);
    expect(afterWithdraw.status).toBe(200);
    expect(afterWithdraw.body!.matchings).toBe(afterAccept.body!.matchings - 1);
  });

  it('counts candidate messages per user until that user reads the chat; the chat list shows them per chat', async () => {
    const emma = await newApplicant();
    await showInterest(emma, vacancyB);
    await accept(anna, organizationId, vacancyB, emma.id);
    const start = await unread(ben);
    await say('applicant', emma, organizationId, emma.id, 'Hallo!');
    const seq = await say('applicant', emma, organizationId, emma.id, 'Wann kann ich vorbeikommen?');

    const forBen = await unread(ben, start.body!.cursor);
    expect(forBen.status).toBe(200);
    expect(forBen.body!.messages).toBe(start.body!.messages + 2);
    expect(forBen.body!.unreadChats.find((chat) => chat.applicantId === emma.id)).toMatchObject({ unread: 2 });
    const list = (await inject('GET', '/rest/messages', ben.headers)).json<{
      chats: Array<{ applicantId: string; unread: number }>;
    }>();
    expect(list.chats.find((chat) => chat.applicantId === emma.id)?.unread).toBe(2);

    const read = await inject('POST', `/rest/messages/organization/${emma.id}/read`, ben.headers, { seq });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ readSeq: seq });
    const afterRead = await unread(ben, forBen.body!.cursor);
    expect(afterRead.status).toBe(200);
    expect(afterRead.body!.messages).toBe(start.body!.messages);
    expect(afterRead.body!.unreadChats.some((chat) => chat.applicantId === emma.id)).toBe(false);
    // Anna has not read it.
    const annaList = (await inject('GET', '/rest/messages', anna.headers)).json<{
      chats: Array<{ applicantId: string; unread: number }>;
    }>();
    expect(annaList.chats.find((chat) => chat.applicantId === emma.id)?.unread).toBe(2);
    // A read mark never goes back and never beyond the chat.
    expect(
      (await inject('POST', `/rest/messages/organization/${emma.id}/read`, ben.headers, { seq: 1 })).json(),
    ).toEqual({ readSeq: seq });
    expect(
      (await inject('POST', `/rest/messages/organization/${emma.id}/read`, ben.headers, { seq: 999 })).json(),
    ).toEqual({ readSeq: seq });
  });

  it('refuses bad input in German and keeps other organisations out', async () => {
    const bad = await inject('POST', `/rest/messages/organization/${anna.id}/read`, anna.headers, { seq: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fieldErrors: Record<string, string> }>().fieldErrors.seq).toBe(
      'Bitte geben Sie die Nummer der zuletzt gelesenen Nachricht an.',
    );
    const stranger = await createTestUser(testApp, {
      type: 'ORGANIZATION',
      organization: { name: 'Fremd GmbH', region: 'HORB' },
    });
    const strangerParty = { id: stranger.id, headers: bearer(await createSessionToken(testApp, stranger.id)) };
    const emma = await newApplicant();
    await showInterest(emma, vacancyA);
    await accept(anna, organizationId, vacancyA, emma.id);
    expect(
      (await inject('POST', `/rest/messages/organization/${emma.id}/read`, strangerParty.headers, { seq: 1 }))
        .statusCode,
    ).toBe(404);
    const theirs = await unread(strangerParty);
    expect(theirs.body!).toMatchObject({ matchings: 0, messages: 0, newMatchings: [], unreadChats: [] });
  });
});

describe('the candidate side', () => {
  it('reports reading: the organisation sees "gelesen" in the chat and through its poll, without a query while unchanged', async () => {
    const paul = await newApplicant();
    await showInterest(paul, vacancyA);
    await accept(anna, organizationId, vacancyA, paul.id);
    const seq = await say('org', anna, organizationId, paul.id, 'Willkommen!');

    const chatUrl = `/rest/messages/organization/${paul.id}`;
    const chat = (await inject('GET', chatUrl, anna.headers)).json<{
      cursor: string;
      readByApplicant: number;
      messages: Array<{ seq: number }>;
    }>();
    expect(chat.readByApplicant).toBe(0);
    expect(chat.messages.at(-1)?.seq).toBe(seq);
    const idle = countQueries();
    expect((await inject('GET', `${chatUrl}/polling?since=${chat.cursor}&read=0`, anna.headers)).statusCode).toBe(204);
    expect(idle.stop()).toBe(0);

    const candidateView = (await inject('GET', '/rest/applicant/unread', paul.headers)).json<ApplicantUnreadResponse>();
    expect(candidateView.messages).toBe(2); // the system message of the acceptance and "Willkommen!"
    expect(candidateView.matchings).toBe(1); // the acceptance
    expect(candidateView.unreadChats[0]).toMatchObject({
      organization: { id: organizationId, name: 'Ungelesen GmbH' },
      unread: 2,
    });
    const candidateList = (await inject('GET', '/rest/applicant/chats', paul.headers)).json<{
      chats: Array<{ organization: { id: string }; unread: number }>;
    }>();
    expect(candidateList.chats.find((item) => item.organization.id === organizationId)?.unread).toBe(2);

    const read = await inject('POST', `/rest/applicant/chats/${organizationId}/read`, paul.headers, { seq });
    expect(read.statusCode).toBe(200);
    const polled = await inject('GET', `${chatUrl}/polling?since=${chat.cursor}&read=0`, anna.headers);
    expect(polled.statusCode).toBe(200);
    expect(polled.json()).toMatchObject({ messages: [], readByApplicant: seq });
    expect((await inject('GET', `${chatUrl}/polling?since=${chat.cursor}&read=${seq}`, anna.headers)).statusCode).toBe(
      204,
    );
    expect((await inject('GET', chatUrl, anna.headers)).json<{ readByApplicant: number }>().readByApplicant).toBe(seq);

    expect((await inject('POST', '/rest/applicant/matchings/seen', paul.headers)).statusCode).toBe(204);
    const afterward = await inject(
      'GET',
      `/rest/applicant/unread?since=${encodeURIComponent(candidateView.cursor)}`,
      paul.headers,
    );
    expect(afterward.statusCode).toBe(200);
    expect(afterward.json<ApplicantUnreadResponse>()).toMatchObject({ matchings: 0, messages: 0, unreadChats: [] });
    const idleCandidate = countQueries();
    expect(
      (
        await inject(
          'GET',
          `/rest/applicant/unread?since=${encodeURIComponent(afterward.json<ApplicantUnreadResponse>().cursor)}`,
          paul.headers,
        )
      ).statusCode,
    ).toBe(204);
    expect(idleCandidate.stop()).toBe(0);
    // A new message from the organisation moves the candidate's counts again.
    await say('org', ben, organizationId, paul.id, 'Noch eine Frage');
    const moved = await inject(
      'GET',
      `/rest/applicant/unread?since=${encodeURIComponent(afterward.json<ApplicantUnreadResponse>().cursor)}`,
      paul.headers,
    );
    expect(moved.json<ApplicantUnreadResponse>().messages).toBe(1);
  });

  it('refuses a read mark for a chat the candidate does not have', async () => {
    const nobody = await newApplicant();
    expect(
      (await inject('POST', `/rest/applicant/chats/${organizationId}/read`, nobody.headers, { seq: 1 })).statusCode,
    ).toBe(404);
    expect(
      (await inject('POST', '/rest/applicant/chats/kein-unternehmen/read', nobody.headers, { seq: 1 })).statusCode,
    ).toBe(404);
  });
});
