import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A guard against hangs, not a speed limit: the time-zone test walks two years in half hours
    // and took 5.6 s on a busy 2-core CI machine (Vitest's default is 5 s).
    testTimeout: 60_000,
  },
});
