/**
 * `npm run fuzz`: the long fuzzer run (default 50,000 requests, random seed) against the real
 * app on a freshly migrated and demo-seeded database — PGlite, or PostgreSQL when
 * FUZZ_DATABASE_URL is set. The requests run in rounds, each on a fresh copy of the database,
 * so deletions of one round do not starve the next. Prints a table and exits 1 on any 5xx or
 * any error answer that leaks internals or is not German.
 *
 *   npm run fuzz -- --requests 50000 --seed 1234 --round 5000 [--slow 1000: print requests slower than 1000 ms]
 *   FUZZ_TRACE=1 prints every request before it is sent (to find one that hangs).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../app';
import { TEST_AUTH_SECRET } from '../../config/env';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { createMemoryMailer, createOutboxMailer } from '../../mail/mailer';
import { createDiskBlobStorage } from '../../modules/images/blob-storage';
import { seedDemoData } from '../../seed/demo-data';
import {
  createDatabaseFromTemplate,
  databaseUrlFor,
  dropDatabase,
  randomDatabaseName,
  withAdminClient,
} from '../template';
import { makeImage } from '../uploads';
import { createFuzzActors, FUZZ_ACTORS, knownValuesOf } from './fuzz-setup';
import { emptyStats, formatSummary, runFuzz, type FuzzProblem } from './fuzz-runner';
import { fuzzOperations } from './operations';

const PUBLIC_URL = 'http://localhost:3000';
const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '50000' },
    seed: { type: 'string' },
    round: { type: 'string', default: '5000' },
    slow: { type: 'string' },
  },
});
const total = Number(values.requests);
const roundSize = Number(values.round);
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
const serverUrl = process.env.FUZZ_DATABASE_URL;

const workDir = mkdtempSync(path.join(os.tmpdir(), 'matchwerk-fuzz-'));
const uploadsTemplate = path.join(workDir, 'uploads');

/** One migrated, seeded template; each round opens a copy. */
async function prepareTemplate(): Promise<() => Promise<{ handle: DatabaseHandle; dispose: () => Promise<void> }>> {
  if (serverUrl) {
    const template = randomDatabaseName('mw_fuzz_tpl');
    await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE "${template}"`));
    const handle = await openDatabase({ kind: 'pg', url: databaseUrlFor(serverUrl, template) });
    await handle.migrate();
    await seedDemoData(handle.db, { blobStorage: createDiskBlobStorage(uploadsTemplate) });
    await handle.close();
    cleanups.push(() => dropDatabase(serverUrl, template));
    return async () => {
      const name = await createDatabaseFromTemplate(serverUrl, template);
      const handle = await openDatabase({ kind: 'pg', url: databaseUrlFor(serverUrl, name) });
      return { handle, dispose: () => dropDatabase(serverUrl, name) };
    };
  }
  const pglite = await openDatabase({ kind: 'pglite' });
  await pglite.migrate();
  await seedDemoData(pglite.db, { blobStorage: createDiskBlobStorage(uploadsTemplate) });
  const dump = await pglite.pglite!.dumpDataDir('none');
  await pglite.close();
  return async () => ({
    handle: await openDatabase({ kind: 'pglite', loadDataDir: dump }),
    dispose: () => Promise.resolve(),
  });
}

const cleanups: (() => Promise<void>)[] = [];
console.log(
  `Matchwerk-Fuzzer: ${total} Anfragen in Runden zu ${roundSize}, Seed ${seed}, Datenbank ${serverUrl ? 'PostgreSQL' : 'PGlite'}`,
);
const openCopy = await prepareTemplate();
const stats = emptyStats();
const problems: FuzzProblem[] = [];
const image = await makeImage('png', 32, 24);
let round = 0;
try {
  while (stats.requests < total) {
    const { handle, dispose } = await openCopy();
    const uploadDir = path.join(workDir, `round-${round}`);
    const { app } = await buildApp({
      database: handle,
      mailer: createMemoryMailer(createOutboxMailer(handle.db)),
      authSecret: TEST_AUTH_SECRET,
      publicUrl: PUBLIC_URL,
      supportEmail: 'support@matchwerk.example',
      demoMailbox: true,
      blobStorage: createDiskBlobStorage(uploadDir),
      rateLimits: { maxPerIp: 10_000_000, defaultMaxPerIp: 10_000_000, maxPerAccount: 10_000_000 },
    });
    await app.ready();
    const actors = await createFuzzActors(handle.db);
    const result = await runFuzz({
      app,
      operations: fuzzOperations(app.swagger()),
      context: { actors: FUZZ_ACTORS, known: await knownValuesOf(handle.db), images: [image] },
      headersFor: actors.headersFor,
      refresh: actors.refresh,
      origin: PUBLIC_URL,
      numRuns: Math.min(roundSize, total - stats.requests),
      seed: seed + round,
      stats,
      keepGoing: true,
      onResponse: values.slow
        ? (request, response, milliseconds) => {
            if (milliseconds >= Number(values.slow))
              console.log(
                `langsam: ${Math.round(milliseconds)} ms ${response.statusCode} ${request.method} ${request.url.slice(0, 120)}`,
              );
          }
        : undefined,
    });
    for (const problem of result.problems)
      if (problems.filter((known) => known.request.operation === problem.request.operation).length < 3)
        problems.push(problem);
    await app.close();
    await handle.close();
    await dispose();
    rmSync(uploadDir, { recursive: true, force: true });
    round += 1;
    console.log(
      `Runde ${round}: ${stats.requests} Anfragen, 5xx bisher ${stats.byClass['5xx']}, Fehler bisher ${problems.length}`,
    );
  }
} finally {
  for (const cleanup of cleanups) await cleanup();
  rmSync(workDir, { recursive: true, force: true });
}
console.log(formatSummary({ stats, seed, failed: problems.length > 0, problems }));
console.log(
  problems.length === 0
    ? `\nOK: 0 × 5xx in ${stats.requests} Anfragen (Seed ${seed}).`
    : `\nFEHLGESCHLAGEN: ${stats.byClass['5xx']} × 5xx, ${problems.length} gemeldete Fehler (Seed ${seed}).`,
);
process.exit(problems.length === 0 ? 0 : 1);
