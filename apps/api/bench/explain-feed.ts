/**
 * `node --import tsx bench/explain-feed.ts` (issue 46, ADR 0107): EXPLAIN ANALYZE of the candidate
 * feed's queries as the bench's rows send them (newest and 100 km around Stuttgart, page 1 and page
 * 50 by cursor) — what a request costs when no kept answer holds. With EXPLAIN_URL it reads a
 * database that has the feed's volume already (e.g. `EXPLAIN_KEEP=1` of an earlier run); else it
 * builds a fresh one on BENCH_DATABASE_URL or TEST_DATABASE_URL (demo data + the bench's feed
 * volume, `BENCH_FEED_POSTINGS`, `BENCH_FEED_CANDIDATES`) and drops it unless EXPLAIN_KEEP=1.
 */
import { fileURLToPath } from 'node:url';
import { explainCase } from './explain-captured';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import * as schema from '../src/db/schema/index';
import { createFeedRepository, type FeedParams } from '../src/modules/applicants/feed.repository';
import { seedDemoData } from '../src/seed/demo-data';
import { createDatabaseFromTemplate, databaseUrlFor, dropDatabase } from '../src/testing/template';
import { addCandidateFeedVolume, FEED_NEAR_KM, FEED_PAGE, FEED_USER_ID } from './candidate-feed-volume';

const centroidsFile = fileURLToPath(new URL('../src/modules/geocoding/de-postcode-centroids.json', import.meta.url));
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
let url = process.env.EXPLAIN_URL;
let created: string | null = null;
if (!url) {
  if (!serverUrl) throw new Error('EXPLAIN_URL, BENCH_DATABASE_URL or TEST_DATABASE_URL is needed');
  created = await createDatabaseFromTemplate(serverUrl, 'template1');
  url = databaseUrlFor(serverUrl, created);
  const handle = await openDatabase({ kind: 'pg', url });
  await handle.migrate();
  await seedDemoData(handle.db);
  console.log(
    await addCandidateFeedVolume(
      handle.db,
      {
        postings: Number(process.env.BENCH_FEED_POSTINGS ?? 50_000),
        candidates: Number(process.env.BENCH_FEED_CANDIDATES ?? 100_000),
      },
      centroidsFile,
    ),
  );
  await handle.close();
}

try {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const captured: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (sql, params) => captured.push({ sql, params }) } });
  const repository = createFeedRepository(db);
  // Stuttgart (70173), as the bench's "near" rows.
  const near = { lat: 48.782, lng: 9.177, radiusKm: FEED_NEAR_KM };
  const base: FeedParams = { applicantId: FEED_USER_ID, sort: 'newest', includeActedOn: false, limit: FEED_PAGE };
  const after = async (params: FeedParams) => {
    const rows = await repository.page({ ...params, limit: 49 * FEED_PAGE });
    const last = rows[49 * FEED_PAGE - 1];
    if (!last) throw new Error('not enough postings for page 50');
    return { key: last.sortKey, id: last.id };
  };
  const cases: [string, FeedParams][] = [
    ['newest, page 1', base],
    ['newest, page 50', { ...base, after: await after(base) }],
    ['100 km around Stuttgart, page 1', { ...base, near }],
    ['100 km around Stuttgart, page 50', { ...base, near, after: await after({ ...base, near }) }],
  ];
  for (const [label, params] of cases) {
    await explainCase(pool, captured, label, () => repository.page(params));
  }
  await pool.end();
} finally {
  if (created && serverUrl) {
    if (process.env.EXPLAIN_KEEP === '1') console.log(`\nKept: ${url}`);
    else await dropDatabase(serverUrl, created);
  }
}
