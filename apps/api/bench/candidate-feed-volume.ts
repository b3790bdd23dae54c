/**
 * Volume for the candidate feed rows of the bench (issue 46 item 4, ADR 0100): postings spread over
 * Germany (postcode centroids, all types, 30 occupations, a year of creation times) up to
 * `postings` in all, `candidates` candidates with a home postcode and wishes (two interests each
 * for the first half), and the bench candidate (signs in with the demo password) with 150 interests
 * and 150 dismissals among the newest postings, so the feed's anti-joins have work. The cursors of
 * page 50 are computed after seeding, through the feed's own query.
 */
import { POSTING_TYPES, REGIONS } from '@matchwerk/shared';
import { count, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import type { Database } from '../src/db/client';
import {
  applicantDismissals,
  applicantProfiles,
  authAccounts,
  authUsers,
  matchings,
  organizations,
  users,
  vacancies,
} from '../src/db/schema/index';
import { createFeedRepository } from '../src/modules/applicants/feed.repository';
import { encodeFeedCursor } from '../src/modules/applicants/feed.service';

export const FEED_VOLUME_USER = 'feed@bench.matchwerk.example';
export const FEED_USER_ID = 'bench-feed-candidate';
export const FEED_PAGE = 20;
/** Stuttgart: the centre of the "near" rows. */
export const FEED_NEAR_ZIP = '70173';
export const FEED_NEAR_KM = 100;

export interface FeedVolumeSizes {
  postings: number;
  candidates: number;
}

/** Filled after seeding: the `cursor` of page 50 for each measured query (the rows read it lazily). */
export const FEED_CURSORS: { newest: string; near: string } = { newest: '', near: '' };

const OCCUPATIONS = Array.from({ length: 30 }, (_, index) => `Bench-Beruf ${String(index).padStart(2, '0')}`);

async function insertChunked<Row>(rows: Row[], insert: (chunk: Row[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) await insert(rows.slice(start, start + 1000));
}

export async function addCandidateFeedVolume(db: Database, sizes: FeedVolumeSizes, centroidsFile: string) {
  const centroids = Object.entries(JSON.parse(readFileSync(centroidsFile, 'utf8')) as Record<string, [number, number]>);
  const [existing] = await db.select({ total: count() }).from(vacancies);
  const missing = Math.max(0, sizes.postings - Number(existing?.total ?? 0));
  const now = Date.now();
  const yearMs = 365 * 24 * 3600 * 1000;

  // 500 active organisations across the regions.
  const orgIds = (
    await db
      .insert(organizations)
      .values(
        Array.from({ length: 500 }, (_, index) => ({
          name: `Feed Bench Betrieb ${String(index).padStart(3, '0')}`,
          region: REGIONS[index % REGIONS.length]!,
          active: true,
        })),
      )
      .returning({ id: organizations.id })
  ).map((row) => row.id);

  const postings = Array.from({ length: missing }, (_, index) => {
    const [zipCode, [lat, lng]] = centroids[(index * 7919) % centroids.length]!;
    const type = POSTING_TYPES[index % POSTING_TYPES.length]!;
    return {
      organizationId: orgIds[index % orgIds.length]!,
      title: `Feed Bench Anzeige ${String(index).padStart(5, '0')}`,
      type,
      trainingOccupationName: type === 'HOLIDAY_JOB' ? null : OCCUPATIONS[index % OCCUPATIONS.length]!,
      description: '<p>Beschreibung der Stelle mit <strong>Text</strong>.</p>',
      descriptionExcerpt: 'Beschreibung der Stelle mit Text, die in der Karte des Feeds gekürzt erscheint.',
      contactName: 'Bench Person',
      city: 'Benchstadt',
      zipCode,
      lat,
      lng,
      start: new Date(now + ((index * 86_400_000) % yearMs)).toISOString().slice(0, 10),
      active: index % 10 !== 0,
      createdAt: new Date(now - 86_400_000 - ((index * 7_919_000) % yearMs)),
    };
  });
  await insertChunked(postings, (chunk) => db.insert(vacancies).values(chunk));

  // Candidates with a home postcode and wishes; the bench candidate signs in with the demo password.
  const [account] = await db.select({ password: authAccounts.password }).from(authAccounts).limit(1);
  const signed = new Date(now);
  const ids = [FEED_USER_ID, ...Array.from({ length: sizes.candidates - 1 }, (_, index) => `bench-feed-${index}`)];
  await insertChunked(ids, (chunk) =>
    db.insert(authUsers).values(
      chunk.map((id) => ({
        id,
        name: 'Bench Kandidat',
        email: id === FEED_USER_ID ? FEED_VOLUME_USER : `${id}@bench.matchwerk.example`,
        emailVerified: true,
      })),
    ),
  );
  await db.insert(authAccounts).values({
    id: `${FEED_USER_ID}-account`,
    accountId: FEED_USER_ID,
    providerId: 'credential',
    userId: FEED_USER_ID,
    password: account?.password ?? '',
  });
  await insertChunked(ids, (chunk) =>
    db.insert(users).values(
      chunk.map((id) => ({
        id,
        type: 'APPLICANT' as const,
        privacyStatementSignedAt: signed,
        termsAndConditionsSignedAt: signed,
      })),
    ),
  );
  const birth = new Date(now - 17 * yearMs).toISOString().slice(0, 10);
  await insertChunked(ids, (chunk) =>
    db.insert(applicantProfiles).values(
      chunk.map((id, index) => ({
        userId: id,
        names: ['Bench'],
        familyNames: ['Kandidat'],
        dateOfBirth: birth,
        region: 'SINDELFINGEN' as const,
        zipCode: id === FEED_USER_ID ? null : centroids[(index * 31) % centroids.length]![0],
        wantedTypes: id === FEED_USER_ID ? [] : [POSTING_TYPES[index % POSTING_TYPES.length]!],
      })),
    ),
  );

  // Interest and dismissals: two interests each for half the candidates, 150 + 150 for the bench candidate.
  const newest = (
    await db
      .select({ id: vacancies.id })
      .from(vacancies)
      .where(sql`active`)
      .orderBy(sql`${vacancies.createdAt} desc`)
      .limit(2000)
  ).map((row) => row.id);
  const interests = ids.slice(1, Math.floor(ids.length / 2)).flatMap((applicantId, index) => [
    { vacancyId: newest[index % newest.length]!, applicantId, createdAt: new Date(now - index * 1000) },
    { vacancyId: newest[(index * 7 + 1) % newest.length]!, applicantId, createdAt: new Date(now - index * 1000) },
  ]);
  const own = newest.slice(0, 600);
  interests.push(
    ...own
      .filter((_, index) => index % 4 === 0)
      .map((vacancyId) => ({ vacancyId, applicantId: FEED_USER_ID, createdAt: signed })),
  );
  await insertChunked(interests, (chunk) => db.insert(matchings).values(chunk).onConflictDoNothing());
  await db
    .insert(applicantDismissals)
    .values(own.filter((_, index) => index % 4 === 2).map((vacancyId) => ({ applicantId: FEED_USER_ID, vacancyId })));
  await db.execute(sql`analyze vacancies, organizations, matchings, applicant_dismissals, applicant_profiles`);

  // Page 50 by cursor, as a client reaches it: the cursor after row 49 × 20 of the same query.
  const repo = createFeedRepository(db);
  const cursorAfter = async (near: { lat: number; lng: number; radiusKm: number } | undefined) => {
    const rows = await repo.page({
      applicantId: FEED_USER_ID,
      sort: 'newest',
      includeActedOn: false,
      near,
      limit: 49 * FEED_PAGE,
    });
    const last = rows[49 * FEED_PAGE - 1];
    if (!last) throw new Error('not enough postings for page 50');
    return encodeFeedCursor({ sort: 'newest', key: last.sortKey, id: last.id });
  };
  const stuttgart = Object.fromEntries(centroids)[FEED_NEAR_ZIP]!;
  FEED_CURSORS.newest = await cursorAfter(undefined);
  FEED_CURSORS.near = await cursorAfter({ lat: stuttgart[0], lng: stuttgart[1], radiusKm: FEED_NEAR_KM });
  return { postings: missing, candidates: ids.length, interests: interests.length };
}

/** Bench rows (BENCH_ONLY=Feed): first page and page 50 by cursor, all of Germany and 100 km around Stuttgart. */
export function candidateFeedBenchRoutes() {
  const as = FEED_VOLUME_USER;
  const near = `zipCode=${FEED_NEAR_ZIP}&distanceKm=${FEED_NEAR_KM}`;
  return [
    {
      name: 'GET Feed, neueste, Seite 1 (20)',
      method: 'GET' as const,
      path: `/rest/applicant/feed?limit=${FEED_PAGE}`,
      as,
      latency: true,
    },
    {
      name: 'GET Feed, neueste, Seite 50 (Cursor)',
      method: 'GET' as const,
      path: () => `/rest/applicant/feed?limit=${FEED_PAGE}&cursor=${FEED_CURSORS.newest}`,
      as,
      latency: true,
    },
    {
      name: 'GET Feed, 100 km um Stuttgart, Seite 1',
      method: 'GET' as const,
      path: `/rest/applicant/feed?limit=${FEED_PAGE}&${near}`,
      as,
      latency: true,
    },
    {
      name: 'GET Feed, 100 km um Stuttgart, Seite 50 (Cursor)',
      method: 'GET' as const,
      path: () => `/rest/applicant/feed?limit=${FEED_PAGE}&${near}&cursor=${FEED_CURSORS.near}`,
      as,
      latency: true,
    },
  ];
}
