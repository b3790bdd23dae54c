// @database-sensitive: the change feed through LISTEN/NOTIFY
/**
 * The organisation response cache (ADR 0065) through the real app: an organisation user's repeated
 * list read is answered from memory, and never once it may be stale — after their own write, after
 * anybody's change (the database's notification), after their session changed, while the change
 * feed is down. "Unheard" changes below skip the triggers (session_replication_role = replica), so
 * a read that still shows the old value proves the answer came from memory.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { API_PATHS, apiPath, type ChatResponse, type VacancyListResponse } from '@matchwerk/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATA_CHANGE_CHANNEL } from '../cache/data-change-feed';
import { MIN_COMPRESSED_ANSWER_BYTES } from './organization-response-cache';
import { vacancies } from '../db/schema/index';
import { actorHeaders, bearer, createSessionToken, createTestUser, type ActorName } from '../testing/actors';
import { createTestApp, type TestApp } from '../testing/test-app';

let testApp: TestApp;
let headers: Record<ActorName, Record<string, string>>;
let vacancyId: string;
let organizationId: string;
const LIST = `${API_PATHS.vacancies}?sort=title&order=asc&pageSize=100`;

beforeAll(async () => {
  testApp = await createTestApp();
  headers = await actorHeaders(testApp);
  const firmaId = await testApp.userIdOf('firma@matchwerk.example');
  const result = (await testApp.database.db.execute(sql`
    select v.id, v.organization_id from vacancies v join users u on u.organization_id = v.organization_id
    where u.id = ${firmaId} order by v.title limit 1`)) as { rows: { id: string; organization_id: string }[] };
  const [row] = result.rows;
  if (!row) throw new Error('firma@ has no posting in the demo data');
  ({ id: vacancyId, organization_id: organizationId } = row);
  await vi.waitFor(() => expect(testApp.responseCache.changes.listener.listening).toBe(true));
});
afterAll(async () => {
  await testApp?.close();
});

let titles = 0;
/** A new title, written without notifying anybody. */
async function renameUnheard(): Promise<string> {
  const title = `Ungehört ${++titles}`;
  await testApp.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(vacancies).set({ title }).where(eq(vacancies.id, vacancyId));
  });
  return title;
}

async function titleSeenBy(actor: ActorName): Promise<string | undefined> {
  // The administration lists every organisation's postings: narrowed to firma@'s.
  const url = actor === 'admin' ? `${LIST}&organizationId=${organizationId}` : LIST;
  const response = await testApp.app.inject({ method: 'GET', url, headers: headers[actor] });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<VacancyListResponse>().items.find((item) => item.id === vacancyId)?.title;
}

/** Reads twice, so the answer is kept, and returns the title read. */
async function keptFor(actor: ActorName): Promise<string | undefined> {
  await titleSeenBy(actor);
  return titleSeenBy(actor);
}

beforeEach(async () => {
  // Start every case from a heard change: nothing kept from the case before counts.
  await testApp.database.db.update(vacancies).set({ title: 'Ausgangstitel' }).where(eq(vacancies.id, vacancyId));
  await testApp.responseCache.changes.settled();
});

describe('organisation response cache', () => {
  it('answers an organisation user’s repeated read from memory, the same bytes with the same headers', async () => {
    const first = await testApp.app.inject({ method: 'GET', url: LIST, headers: headers.organisationOwn });
    const second = await testApp.app.inject({ method: 'GET', url: LIST, headers: headers.organisationOwn });
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['cache-control']).toBe('no-store');
    await renameUnheard();
    expect(await titleSeenBy('organisationOwn')).toBe('Ausgangstitel');
  });

  it('sends a kept answer compressed as the request accepts it, and the same JSON', async () => {
    const plain = await testApp.app.inject({ method: 'GET', url: LIST, headers: headers.organisationOwn });
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(MIN_COMPRESSED_ANSWER_BYTES);
    for (const [accepted, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0.5, gzip', 'gzip', gunzipSync],
    ] as const) {
      // Twice: the first read may make the copy, the second is served from it.
      for (let read = 0; read < 2; read++) {
        const response = await testApp.app.inject({
          method: 'GET',
          url: LIST,
          headers: { ...headers.organisationOwn, 'accept-encoding': accepted },
        });
        expect(response.headers['content-encoding'], accepted).toBe(encoding);
        expect(response.headers.vary).toBe('accept-encoding');
        expect(response.headers['content-type']).toBe(plain.headers['content-type']);
        expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
        expect(decode(response.rawPayload).toString()).toBe(plain.body);
      }
    }
    const identity = await testApp.app.inject({
      method: 'GET',
      url: LIST,
      headers: { ...headers.organisationOwn, 'accept-encoding': 'identity' },
    });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);
  });

  it('sends the answer it keeps compressed already, and serves that copy again', async () => {
    const request = {
      method: 'GET',
      url: LIST,
      headers: { ...headers.organisationOwn, 'accept-encoding': 'br' },
    } as const;
    const first = await testApp.app.inject(request);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['content-length']).toBe(String(first.rawPayload.length));
    const again = await testApp.app.inject(request);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    await renameUnheard();
    const kept = JSON.parse(brotliDecompressSync(again.rawPayload).toString()) as VacancyListResponse;
    expect(kept.items.find((item) => item.id === vacancyId)?.title).toBe('Ausgangstitel');
    expect(await titleSeenBy('organisationOwn')).toBe('Ausgangstitel');
  });

  it('sends a small kept answer as it is', async () => {
    const url = `${LIST}&search=${encodeURIComponent('kein Treffer zu finden')}`;
    const request = { method: 'GET', url, headers: { ...headers.organisationOwn, 'accept-encoding': 'br' } } as const;
    await testApp.app.inject(request);
    const kept = await testApp.app.inject(request);
    expect(kept.json<VacancyListResponse>().items).toEqual([]);
    expect(kept.rawPayload.length).toBeLessThan(MIN_COMPRESSED_ANSWER_BYTES);
    expect(kept.headers['content-encoding']).toBeUndefined();
  });

  it('shows anybody’s change once the database has notified it', async () => {
    expect(await keptFor('organisationOwn')).toBe('Ausgangstitel');
    await testApp.database.db.update(vacancies).set({ title: 'Vom Admin geändert' }).where(eq(vacancies.id, vacancyId));
    await testApp.responseCache.changes.settled();
    expect(await titleSeenBy('organisationOwn')).toBe('Vom Admin geändert');
  });

  it('shows the user’s own write on their very next read: its answer waited for the write’s notification', async () => {
    expect(await keptFor('organisationOwn')).toBe('Ausgangstitel');
    const unheard = await renameUnheard();
    // No route raises a version itself (ADR 0092): the posting's domain event holds the answer
    // until this process heard the write's notification (cache/response-cache.subscriber.test.ts
    // shows it with slow raises).
    const response = await testApp.app.inject({
      method: 'PUT',
      url: apiPath(API_PATHS.vacancyDeactivate, { id: vacancyId }),
      headers: headers.organisationOwn,
    });
    try {
      expect(response.statusCode, response.body).toBe(200);
      expect(await titleSeenBy('organisationOwn')).toBe(unheard);
    } finally {
      await testApp.app.inject({
        method: 'PUT',
        url: apiPath(API_PATHS.vacancyActivate, { id: vacancyId }),
        headers: headers.organisationOwn,
      });
    }
  });

  it('does not answer from memory once the session changed (role, organisation, revocation)', async () => {
    expect(await keptFor('organisationOwn')).toBe('Ausgangstitel');
    const unheard = await renameUnheard();
    await testApp.sessionRevocations.userChanged(await testApp.userIdOf('firma@matchwerk.example'));
    expect(await titleSeenBy('organisationOwn')).toBe(unheard);
  });

  it('keeps nothing for users without an organisation (administration, partners)', async () => {
    expect(await keptFor('admin')).toBe('Ausgangstitel');
    const unheard = await renameUnheard();
    expect(await titleSeenBy('admin')).toBe(unheard);
  });

  it('keeps no error answers', async () => {
    const bad = `${API_PATHS.vacancies}?pageSize=abc`;
    const first = await testApp.app.inject({ method: 'GET', url: bad, headers: headers.organisationOwn });
    expect(first.statusCode).toBe(400);
    const sizeBefore = testApp.responseCache.size;
    await testApp.app.inject({ method: 'GET', url: bad, headers: headers.organisationOwn });
    expect(testApp.responseCache.size).toBe(sizeBefore);
  });

  it('drops everything when told everything may have changed, and the notified organisation’s answers', async () => {
    expect(await keptFor('organisationOwn')).toBe('Ausgangstitel');
    const unheard = await renameUnheard();
    await testApp.database.db.execute(sql`select pg_notify(${DATA_CHANGE_CHANNEL}, '*')`);
    await testApp.responseCache.changes.settled();
    expect(await titleSeenBy('organisationOwn')).toBe(unheard);

    const again = await renameUnheard();
    expect(await titleSeenBy('organisationOwn')).toBe(unheard);
    await testApp.database.db.execute(sql`select pg_notify(${DATA_CHANGE_CHANNEL}, ${organizationId})`);
    await testApp.responseCache.changes.settled();
    expect(await titleSeenBy('organisationOwn')).toBe(again);
  });
});

/**
 * The hot writes migration 0021 leaves without a notification (a chat message, a read mark, a
 * posting view): the API raises the organisation's version itself, so the organisation's kept
 * answers retire before the candidate's request is answered — no notification to wait for.
 */
describe('writes the API raises itself', () => {
  let applicantId: string;
  let applicant: Record<string, string>;
  let chatUrl: string;

  beforeAll(async () => {
    const result = (await testApp.database.db.execute(
      sql`select applicant_id from chats where organization_id = ${organizationId} limit 1`,
    )) as { rows: { applicant_id: string }[] };
    const [chat] = result.rows;
    if (!chat) throw new Error('firma@ has no chat in the demo data');
    applicantId = chat.applicant_id;
    applicant = bearer(await createSessionToken(testApp, applicantId));
    chatUrl = apiPath(API_PATHS.organizationChat, { applicantId });
  });

  async function chatSeenByOrganization(): Promise<ChatResponse> {
    const response = await testApp.app.inject({ method: 'GET', url: chatUrl, headers: headers.organisationOwn });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ChatResponse>();
  }

  it('a candidate’s message shows on the organisation’s kept chat page at once', async () => {
    await chatSeenByOrganization();
    const before = await chatSeenByOrganization();
    const sent = await testApp.app.inject({
      method: 'POST',
      url: apiPath(API_PATHS.applicantChatMessages, { organizationId }),
      headers: applicant,
      payload: { text: 'Ich habe am Montag Zeit.', clientMessageId: crypto.randomUUID() },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const after = await chatSeenByOrganization();
    expect(after.messages.at(-1)?.text).toBe('Ich habe am Montag Zeit.');
    expect(after.messages.at(-1)?.seq).toBeGreaterThan(before.messages.at(-1)?.seq ?? 0);
  });

  it('a candidate’s read mark shows on the organisation’s kept chat page at once', async () => {
    await chatSeenByOrganization();
    const before = await chatSeenByOrganization();
    const newest = before.messages.at(-1)?.seq ?? 0;
    expect(before.readByApplicant).toBeLessThan(newest);
    const read = await testApp.app.inject({
      method: 'POST',
      url: apiPath(API_PATHS.applicantChatRead, { organizationId }),
      headers: applicant,
      payload: { seq: newest },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect((await chatSeenByOrganization()).readByApplicant).toBe(newest);
  });

  it('a candidate’s view shows in the organisation’s kept posting list at once', async () => {
    const viewsSeen = async () => {
      const response = await testApp.app.inject({ method: 'GET', url: LIST, headers: headers.organisationOwn });
      return response.json<VacancyListResponse>().items.find((item) => item.id === vacancyId)?.views;
    };
    await viewsSeen();
    const before = await viewsSeen();
    // A candidate who has not seen the posting today: one view more.
    const viewer = await createTestUser(testApp, { type: 'APPLICANT' });
    const viewed = await testApp.app.inject({
      method: 'GET',
      url: apiPath(API_PATHS.applicantVacancy, { id: vacancyId }),
      headers: bearer(await createSessionToken(testApp, viewer.id)),
    });
    expect(viewed.statusCode, viewed.body).toBe(200);
    expect(await viewsSeen()).toBe((before ?? 0) + 1);
  });
});

// Last: the feed stays closed for the rest of this file.
describe('without the change feed', () => {
  it('answers from the database while the change feed is down', async () => {
    expect(await keptFor('organisationOwn')).toBe('Ausgangstitel');
    await testApp.responseCache.changes.listener.close();
    for (let read = 0; read < 2; read++) {
      const unheard = await renameUnheard();
      expect(await titleSeenBy('organisationOwn')).toBe(unheard);
    }
  });
});
