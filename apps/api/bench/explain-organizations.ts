/**
 * `node --import tsx bench/explain-organizations.ts` (needs BENCH_DATABASE_URL or
 * TEST_DATABASE_URL): builds the bench volume on a fresh PostgreSQL database, calls the
 * organisations list of the repository for the bench's cases and prints EXPLAIN ANALYZE of every
 * query it sends — the figures behind a slow bench row. Keeps nothing, unless EXPLAIN_KEEP=1:
 * then the database stays for trying queries by hand, and its URL is printed.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { explainCase } from './explain-captured';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import * as schema from '../src/db/schema/index';
import {
  createOrganizationsRepository,
  type OrganizationListParams,
} from '../src/modules/organizations/organizations.repository';
import { seedDemoData } from '../src/seed/demo-data';
import { createDatabaseFromTemplate, databaseUrlFor, dropDatabase } from '../src/testing/template';
import { addOrganizations } from './organizations-volume';

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('BENCH_DATABASE_URL or TEST_DATABASE_URL is needed');
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;

const base: OrganizationListParams = {
  regions: null,
  page: 0,
  pageSize: 25,
  sort: 'name',
  order: 'asc',
  hideUnverified: false,
};
const CASES: [string, OrganizationListParams][] = [
  ['admin page 1', base],
  ['admin page 200', { ...base, page: 200 }],
  ['admin search "bau"', { ...base, search: 'bau' }],
  ['admin search e-mail', { ...base, search: 'anna.bauer' }],
  ['admin sort vacancies desc', { ...base, sort: 'vacancies', order: 'desc' }],
  ['admin sort lastSignInAt desc', { ...base, sort: 'lastSignInAt', order: 'desc' }],
  ['admin sort lastSignInAt asc page 100', { ...base, sort: 'lastSignInAt', page: 100 }],
  ['partner page 1', { ...base, regions: ['SINDELFINGEN'], hideUnverified: true }],
  ['partner page 80', { ...base, regions: ['SINDELFINGEN'], hideUnverified: true, page: 80 }],
  [
    'partner search "sindelfingen"',
    { ...base, regions: ['SINDELFINGEN'], hideUnverified: true, search: 'sindelfingen' },
  ],
];

const name = await createDatabaseFromTemplate(serverUrl, 'template1');
const url = databaseUrlFor(serverUrl, name);
try {
  const handle = await openDatabase({ kind: 'pg', url });
  await handle.migrate();
  await seedDemoData(handle.db);
  console.log(
    await addOrganizations(handle.db, {
      organizations: Number(process.env.BENCH_ORGANIZATIONS ?? 10_000),
      postings: 15_000,
    }),
  );
  await handle.close();

  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const captured: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (sql, params) => captured.push({ sql, params }) } });
  const repository = createOrganizationsRepository(db);
  for (const [label, params] of CASES) {
    if (ONLY && !ONLY.test(label)) continue;
    await explainCase(pool, captured, label, () => repository.list(params));
  }
  await pool.end();
} finally {
  if (process.env.EXPLAIN_KEEP === '1') console.log(`\nKept: ${url}`);
  else await dropDatabase(serverUrl, name);
}
