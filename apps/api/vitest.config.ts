import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/** Every module of src/modules must keep 80 % of its lines covered (issue 15), each on its own. */
const moduleThresholds = Object.fromEntries(
  readdirSync(new URL('./src/modules', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => [`src/modules/${entry.name}/**`, { lines: 80 }]),
);

/**
 * Code that runs only against a real Redis is measured in the run that has one (TEST_REDIS_URL,
 * the PostgreSQL + Redis run of .ci/run); without Redis it would count as uncovered.
 */
const redisOnly = process.env.TEST_REDIS_URL ? [] : ['src/**/redis-*.ts'];

/**
 * `TEST_SUBSET=database-sensitive` (npm run test:pglite) runs only the files whose first line is a
 * `// @database-sensitive: why` marker: what may behave differently on PGlite and PostgreSQL (SQL,
 * LISTEN/NOTIFY, the job queue, the demo data). CI runs the whole suite on PostgreSQL and this
 * subset once more on the embedded database that `npm start` uses (docs/testing.md).
 */
function testFiles(): string[] {
  const all = ['src/**/*.test.ts'];
  if (!process.env.TEST_SUBSET) return all;
  if (process.env.TEST_SUBSET !== 'database-sensitive')
    throw new Error(`unknown TEST_SUBSET ${process.env.TEST_SUBSET}`);
  const source = new URL('./src/', import.meta.url);
  return readdirSync(source, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) => readFileSync(new URL(file, source), 'utf8').startsWith('// @database-sensitive:'))
    .map((file) => `src/${file.replaceAll('\\', '/')}`);
}

export default defineConfig({
  test: {
    include: testFiles(),
    globalSetup: ['./src/testing/global-setup.ts'],
    // Route tests hash passwords (scrypt) and boot a database per file.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite runs in the main thread; files run in parallel forks.
    pool: 'forks',
    // Files of one fork share the loaded modules: each file builds its own app and database, and
    // no module keeps state between apps. Isolated, every file re-evaluated the whole API (better
    // auth, pg-boss, sharp …): 128 files took 25:42 and 12.5 CPU minutes, shared 4:47 and 3.1
    // (stop 54, ADR 0094).
    isolate: false,
    // See docs/testing.md.
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts', 'src/testing/**', 'src/db/migrations/**', ...redisOnly],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'coverage',
      thresholds: moduleThresholds,
    },
  },
});
