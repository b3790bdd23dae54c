import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/testing/global-setup.ts'],
    // Route tests hash passwords (scrypt) and boot a database per file.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite runs in the main thread; files run in parallel forks.
    pool: 'forks',
    // Only collected with --coverage (the PGlite run of `npm test`); see docs/testing.md.
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts', 'src/testing/**', 'src/db/migrations/**'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'coverage',
    },
  },
});
