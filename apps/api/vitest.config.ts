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
  },
});
