import { readdirSync } from 'node:fs';
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

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/testing/global-setup.ts'],
    // Route tests hash passwords (scrypt) and boot a database per file.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite runs in the main thread; files run in parallel forks.
    pool: 'forks',
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
