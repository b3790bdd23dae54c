// @database-sensitive: the change feed through LISTEN/NOTIFY (migration 0030's triggers)
/**
 * The candidate feed's kept answers (ADR 0107) through the real app: a candidate's repeated feed
 * read is answered from memory, and never once it may be stale — after a new or changed posting
 * (anybody's, through the database's notification), after the candidate's own dismissal, its undo
 * or an interest (their answer waits for the notification). "Unheard" changes skip the triggers
 * (session_replication_role = replica), so a read that still shows the old value proves the answer
 * came from memory.
 */
import type { CandidateFeedResponse } from '@matchwerk/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { organizations, vacancies } from '../../db/schema/index';
import { actorHeaders, bearer, createSessionToken, createTestUser } from '../../testing/actors';
import { insertVacancy } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

let testApp: TestApp;
let organizationId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  const headers = await actorHeaders(testApp);
  const me = await testApp.app.inject({
    method: 'GET',
    url: '/rest/users/current-user',
    headers: headers.organisationOwn,
  });
  organizationId = me.json<{ organizationId: string }>().organizationId;
  await vi.waitFor(() => expect(testApp.responseCache.changes.listener.listening).toBe(true));
});

afterAll(async () => {
  await testApp?.close();
});

let seq = 0;
/** A visible posting of the occupation, written as anybody would (its insert notifies). */
async function posting(occupation: string): Promise<string> {
  seq += 1;
  const id = await insertVacancy(testApp.database.db, organizationId, {
    title: `Kept ${occupation} ${seq}`,
    trainingOccupationName: occupation,
    active: true,
    createdAt: new Date(Date.UTC(2030, 0, 1, 0, 0, seq)),
  });
  await testApp.responseCache.changes.settled();
  return id;
}

/** A new title, written without notifying anybody. */
async function renameUnheard(id: string, title: string): Promise<void> {
  await testApp.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(vacancies).set({ title }).where(eq(vacancies.id, id));
  });
}

async function newCandidate() {
  const { id } = await createTestUser(testApp, { type: 'APPLICANT' });
  return { id, headers: bearer(await createSessionToken(testApp, id)) };
}

async function feed(occupation: string, headers: Record<string, string>) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/rest/applicant/feed?occupation=${occupation}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { response, body: response.json<CandidateFeedResponse>() };
}

const titles = (body: CandidateFeedResponse) => body.items.map((item) => item.title);

describe('candidate feed kept in memory', () => {
  it('answers a repeated read from memory with the same bytes and ETag, and 304 to it', async () => {
    const candidate = await newCandidate();
    const id = await posting('Merk-Beruf');
    const first = await feed('Merk-Beruf', candidate.headers);
    await renameUnheard(id, 'Ungehört');
    const second = await feed('Merk-Beruf', candidate.headers);
    expect(second.response.body).toBe(first.response.body);
    expect(second.response.headers.etag).toBe(first.response.headers.etag);
    expect(second.response.headers['cache-control']).toBe('private, no-cache');
    expect(second.response.headers.vary).toMatch(/Authorization, Cookie, accept-encoding/);
    const unchanged = await testApp.app.inject({
      method: 'GET',
      url: '/rest/applicant/feed?occupation=Merk-Beruf',
      headers: { ...candidate.headers, 'if-none-match': first.response.headers.etag as string },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    // A compressed copy of the kept answer carries the same ETag.
    const compressed = await testApp.app.inject({
      method: 'GET',
      url: '/rest/applicant/feed?occupation=Merk-Beruf',
      headers: { ...candidate.headers, 'accept-encoding': 'gzip' },
    });
    expect(compressed.headers.etag).toBe(first.response.headers.etag);
  });

  it('shows a new posting and a changed one, by anybody, once the database has notified them', async () => {
    const candidate = await newCandidate();
    const id = await posting('Neu-Beruf');
    expect(titles((await feed('Neu-Beruf', candidate.headers)).body)).toHaveLength(1);
    const added = await posting('Neu-Beruf');
    const after = (await feed('Neu-Beruf', candidate.headers)).body;
    expect(after.items.map((item) => item.id)).toEqual([added, id]);
    // A heard change of the organisation (its name on every card).
    await testApp.database.db
      .update(organizations)
      .set({ name: 'Umbenannt GmbH' })
      .where(eq(organizations.id, organizationId));
    await testApp.responseCache.changes.settled();
    expect((await feed('Neu-Beruf', candidate.headers)).body.items[0]?.organization.name).toBe('Umbenannt GmbH');
  });

  it('a dismissal, its undo and an interest show on the candidate’s very next read', async () => {
    const candidate = await newCandidate();
    const [first, second] = [await posting('Eigen-Beruf'), await posting('Eigen-Beruf')];
    const ids = async () => (await feed('Eigen-Beruf', candidate.headers)).body.items.map((item) => item.id);
    expect(await ids()).toEqual([second, first]);
    const dismissal = `/rest/applicant/dismissals/${first}`;
    expect((await testApp.app.inject({ method: 'POST', url: dismissal, headers: candidate.headers })).statusCode).toBe(
      200,
    );
    expect(await ids()).toEqual([second]);
    expect(
      (await testApp.app.inject({ method: 'DELETE', url: dismissal, headers: candidate.headers })).statusCode,
    ).toBe(204);
    expect(await ids()).toEqual([second, first]);
    const interest = await testApp.app.inject({
      method: 'POST',
      url: '/rest/applicant/matchings',
      headers: candidate.headers,
      payload: { vacancyId: second },
    });
    expect(interest.statusCode, interest.body).toBe(201);
    expect(await ids()).toEqual([first]);
  });

  it('another candidate’s dismissal leaves this candidate’s kept answer in place', async () => {
    const [candidate, other] = [await newCandidate(), await newCandidate()];
    const id = await posting('Fremd-Beruf');
    const before = await feed('Fremd-Beruf', candidate.headers);
    await renameUnheard(id, 'Ungehört fremd');
    await testApp.app.inject({ method: 'POST', url: `/rest/applicant/dismissals/${id}`, headers: other.headers });
    expect((await feed('Fremd-Beruf', candidate.headers)).response.body).toBe(before.response.body);
    // The other candidate reads the database: the posting is gone for them.
    expect((await feed('Fremd-Beruf', other.headers)).body.items).toEqual([]);
  });
});
