import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test-app';
import { makeImage } from '../uploads';
import { createFuzzActors, FUZZ_ACTORS, knownValuesOf } from './fuzz-setup';
import { formatSummary, runFuzz } from './fuzz-runner';
import { AUTH_OPERATIONS, fuzzOperations } from './operations';

/** Quick run inside `npm test` (fixed seed); `npm run fuzz` runs ≥ 50,000 requests with a random seed. */
const QUICK_RUNS = Number(process.env.FUZZ_QUICK_RUNS ?? 1_500);
const QUICK_SEED = 20_260_923;

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({
    rateLimits: { maxPerIp: 1_000_000, defaultMaxPerIp: 1_000_000, maxPerAccount: 1_000_000 },
  });
});
afterAll(async () => {
  await testApp?.close();
});

describe('schema fuzzer', () => {
  it('covers every operation of the OpenAPI document and the auth endpoints', () => {
    const operations = fuzzOperations(testApp.app.swagger());
    expect(operations.length).toBeGreaterThan(50);
    for (const auth of AUTH_OPERATIONS) expect(operations.map((operation) => operation.id)).toContain(auth.id);
  });

  it('answers no fuzzed request with a 5xx or an internal or non-German error', { timeout: 240_000 }, async () => {
    const operations = fuzzOperations(testApp.app.swagger());
    const actors = await createFuzzActors(testApp.database.db);
    const result = await runFuzz({
      app: testApp.app,
      operations,
      context: {
        actors: FUZZ_ACTORS,
        known: await knownValuesOf(testApp.database.db),
        images: [await makeImage('png', 32, 24)],
      },
      headersFor: actors.headersFor,
      refresh: actors.refresh,
      origin: TEST_ORIGIN,
      numRuns: QUICK_RUNS,
      seed: QUICK_SEED,
    });
    if (result.failed) console.error(formatSummary(result));
    expect(result.failed, result.problem).toBe(false);
    expect(result.stats.requests).toBe(QUICK_RUNS);
    expect(result.stats.byClass['5xx']).toBe(0);
  });
});
