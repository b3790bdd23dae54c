/**
 * Keyset paging of the matchings lists (ADR 0029) through app.inject on the real app (PGlite, and
 * PostgreSQL with TEST_DATABASE_URL): order with equal created_at, stable cursors while new
 * matchings arrive, groups and counts, refused cursors, and who sees what.
 */
import type { MatchingState } from '@matchwerk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchings } from '../../db/schema/marketplace';
import { bearer, createSessionToken, createTestUser } from '../../testing/actors';
import { insertVacancy } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

let testApp: TestApp;

interface Organization {
  id: string;
  headers: Record<string, string>;
  vacancyIds: string[];
}

interface Listed {
  vacancyId: string;
  applicantId: string;
  state: MatchingState;
  createdAt: string;
}

interface ListResponse {
  open: Listed[];
  accepted: Listed[];
  rejected: Listed[];
  declineAfterDays: number;
  counts: { open: number; accepted: number; rejected: number };
  next: { open: string | null; accepted: string | null; rejected: string | null };
}

const INVALID_CURSOR = 'Ungültiger Cursor. Bitte laden Sie die Liste neu.';

function get(url: string, headers: Record<string, string>) {
  return testApp.app.inject({ method: 'GET', url, headers });
}

async function newOrganization(name: string, postings: number): Promise<Organization> {
  const user = await createTestUser(testApp, { type: 'ORGANIZATION', organization: { name, region: 'SINDELFINGEN' } });
  const id = user.organizationId!;
  const vacancyIds: string[] = [];
  for (let index = 0; index < postings; index++)
    vacancyIds.push(await insertVacancy(testApp.database.db, id, { title: `${name} Anzeige ${index}`, active: true }));
  return { id, headers: bearer(await createSessionToken(testApp, user.id)), vacancyIds };
}

async function newApplicant(): Promise<{ id: string; headers: Record<string, string> }> {
  const user = await createTestUser(testApp, { type: 'APPLICANT' });
  return { id: user.id, headers: bearer(await createSessionToken(testApp, user.id)) };
}

/** Follows `next` of one group until the end; every page at most `limit` rows. */
async function walk(headers: Record<string, string>, state: MatchingState, limit: number): Promise<Listed[]> {
  const group = state.toLowerCase() as 'open' | 'accepted' | 'rejected';
  const all: Listed[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const response = await get(
      `/rest/matching/organization?state=${state}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      headers,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<ListResponse>();
    expect(body[group].length).toBeLessThanOrEqual(limit);
    all.push(...body[group]);
    cursor = body.next[group];
    if (!cursor) return all;
  }
  throw new Error('paging did not end');
}

const key = (matching: Pick<Listed, 'vacancyId' | 'applicantId'>) => `${matching.vacancyId}:${matching.applicantId}`;

let own: Organization;
let other: Organization;
let applicants: { id: string; headers: Record<string, string> }[];
/** created_at of the seeded matchings: three share one instant, to test the tie-break. */
const TIE = new Date('2026-10-01T08:00:00.000Z');

beforeAll(async () => {
  testApp = await createTestApp();
  own = await newOrganization('Paging GmbH', 3);
  other = await newOrganization('Andere Paging AG', 1);
  applicants = [];
  for (let index = 0; index < 4; index++) applicants.push(await newApplicant());
  // 3 postings × 4 candidates = 12 matchings: 8 open (3 of them at the same instant), 2 accepted, 2 rejected.
  const rows: (typeof matchings.$inferInsert)[] = [];
  let minute = 0;
  for (const vacancyId of own.vacancyIds) {
    for (const applicant of applicants) {
      const index = rows.length;
      const state: MatchingState =
        index === 4 || index === 9 ? 'ACCEPTED' : index === 5 || index === 10 ? 'REJECTED' : 'OPEN';
      const createdAt = index < 3 ? TIE : new Date(TIE.getTime() + ++minute * 60_000);
      rows.push({
        vacancyId,
        applicantId: applicant.id,
        state,
        createdAt,
        decidedAt: state === 'OPEN' ? null : createdAt,
      });
    }
  }
  await testApp.database.db.insert(matchings).values(rows);
  // The other organisation: one matching of the first candidate.
  await testApp.database.db
    .insert(matchings)
    .values({ vacancyId: other.vacancyIds[0]!, applicantId: applicants[0]!.id, createdAt: TIE });
});

afterAll(async () => {
  await testApp?.close();
});

describe('GET /rest/matching/organization, paged', () => {
  it('without state: the first page of every group, the counts of all and a cursor where more follow', async () => {
    const response = await get('/rest/matching/organization?limit=3', own.headers);
    expect(response.statusCode).toBe(200);
    const body = response.json<ListResponse>();
    expect(body.counts).toEqual({ open: 8, accepted: 2, rejected: 2 });
    // The organisation's answer deadline in days (7–90), for "wird am … geschlossen" (issue 48 item 6).
    expect(body.declineAfterDays).toBeGreaterThanOrEqual(7);
    expect(body.declineAfterDays).toBeLessThanOrEqual(90);
    expect([body.open.length, body.accepted.length, body.rejected.length]).toEqual([3, 2, 2]);
    expect(body.next.open).not.toBeNull();
    expect(body.next.accepted).toBeNull();
    expect(body.next.rejected).toBeNull();
    expect(body.open.every((matching) => matching.state === 'OPEN')).toBe(true);
    expect(body.accepted.every((matching) => matching.state === 'ACCEPTED')).toBe(true);
  });

  it('pages a group newest first with equal created_at in a fixed order, each matching exactly once', async () => {
    const all = (await get('/rest/matching/organization?state=OPEN&limit=100', own.headers)).json<ListResponse>().open;
    expect(all).toHaveLength(8);
    const times = all.map((matching) => Date.parse(matching.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const limit of [1, 2, 3, 5]) {
      const paged = await walk(own.headers, 'OPEN', limit);
      expect(paged.map(key)).toEqual(all.map(key));
    }
    // The three at the same instant are the oldest three.
    expect(all.slice(-3).map((matching) => matching.createdAt)).toEqual([
      TIE.toISOString(),
      TIE.toISOString(),
      TIE.toISOString(),
    ]);
  });

  it('keeps a cursor valid while new matchings arrive: they show on the first page, the next pages go on where they were', async () => {
    const first = (await get('/rest/matching/organization?state=OPEN&limit=3', own.headers)).json<ListResponse>();
    const applicant = await newApplicant();
    const newest = await testApp.database.db
      .insert(matchings)
      .values({ vacancyId: own.vacancyIds[0]!, applicantId: applicant.id, createdAt: new Date('2030-01-01T00:00:00Z') })
      .returning();
    // Another party's change reaches kept answers with its notification (ADR 0065).
    await testApp.responseCache.changes.settled();
    const second = (
      await get(`/rest/matching/organization?state=OPEN&limit=3&cursor=${first.next.open}`, own.headers)
    ).json<ListResponse>();
    const before = (await walk(own.headers, 'OPEN', 100)).map(key);
    expect(before[0]).toBe(key(newest[0]!));
    // Page 2 continues right after page 1's last row (the new matching is not in it).
    expect(second.open.map(key)).toEqual(before.slice(4, 7));
    expect(second.counts.open).toBe(9);
    await testApp.database.db.delete(matchings).where(eq(matchings.id, newest[0]!.id));
  });

  it('refuses a cursor that is not one of ours, and a cursor without state, with 400 in German', async () => {
    const forged = Buffer.from('2026-02-31T00:00:00.000000Z|00000000-0000-4000-8000-000000000000').toString(
      'base64url',
    );
    for (const cursor of ['kaputt', 'x'.repeat(201), Buffer.from('nix').toString('base64url'), forged]) {
      const response = await get(`/rest/matching/organization?state=OPEN&cursor=${cursor}`, own.headers);
      expect(response.statusCode, cursor).toBe(400);
      if (cursor.length <= 200)
        expect(response.json<{ message: string; fieldErrors: unknown }>()).toMatchObject({
          message: INVALID_CURSOR,
          fieldErrors: { cursor: INVALID_CURSOR },
        });
    }
    const valid = (await get('/rest/matching/organization?state=OPEN&limit=1', own.headers)).json<ListResponse>().next
      .open;
    expect((await get(`/rest/matching/organization?cursor=${valid}`, own.headers)).statusCode).toBe(400);
    expect((await get('/rest/matching/organization?state=OFFEN', own.headers)).statusCode).toBe(400);
    expect((await get('/rest/matching/organization?limit=0', own.headers)).statusCode).toBe(400);
  });

  it("shows an organisation only its own matchings, also with another organisation's cursor", async () => {
    const body = (await get('/rest/matching/organization', other.headers)).json<ListResponse>();
    expect(body.counts).toEqual({ open: 1, accepted: 0, rejected: 0 });
    expect(body.open.map((matching) => matching.vacancyId)).toEqual([other.vacancyIds[0]]);
    const ownCursor = (await get('/rest/matching/organization?state=OPEN&limit=1', own.headers)).json<ListResponse>()
      .next.open;
    const foreign = (
      await get(`/rest/matching/organization?state=OPEN&cursor=${ownCursor}`, other.headers)
    ).json<ListResponse>();
    expect(foreign.open.every((matching) => matching.vacancyId === other.vacancyIds[0])).toBe(true);
  });
});

describe('GET /rest/applicant/matchings, paged', () => {
  it("pages the candidate's own matchings newest first, across organisations, and nothing of others", async () => {
    const applicant = applicants[0]!;
    const all = (await get('/rest/applicant/matchings', applicant.headers)).json<{
      matchings: Listed[];
      next: string | null;
    }>();
    expect(all.next).toBeNull();
    // Three postings of the own organisation and one of the other.
    expect(all.matchings).toHaveLength(4);
    const collected: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { matchings: Listed[]; next: string | null } = (
        await get(`/rest/applicant/matchings?limit=1${cursor ? `&cursor=${cursor}` : ''}`, applicant.headers)
      ).json();
      expect(page.matchings.length).toBeLessThanOrEqual(1);
      collected.push(...page.matchings.map((matching) => matching.vacancyId));
      cursor = page.next;
    } while (cursor);
    expect(collected).toEqual(all.matchings.map((matching) => matching.vacancyId));
    const times = all.matchings.map((matching) => Date.parse(matching.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const bad = await get('/rest/applicant/matchings?cursor=kaputt', applicant.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe(INVALID_CURSOR);
    const stranger = await newApplicant();
    expect((await get('/rest/applicant/matchings', stranger.headers)).json()).toEqual({ matchings: [], next: null });
  });
});
