/**
 * The app under bench, in a process of its own as production runs it (bench/run.ts starts it once
 * per database, after seeding). In the bench's own process the app shared its heap with the
 * seeding code, the seeded rows' leftovers and the bench's bookkeeping, and its figures were those
 * of a process production never runs (issue #12: "the target server, the baseline and the load
 * generator as separate processes").
 *
 * Argument: a TargetJob as JSON. PGlite cannot be shared between processes, so the bench hands
 * over the seeded embedded database as a dump (PGlite's dumpDataDir) that this process loads into
 * memory; PostgreSQL is reached by its URL. Prints its URL as the first line on stdout and runs
 * until its parent ends it (SIGTERM) or closes stdin.
 */
import { createWriteStream, readFileSync } from 'node:fs';
import { buildApp, productionLoggerOptions } from '../src/app';
import { openDatabase } from '../src/db/client';
import { benchAppDeps } from './bench-app';

export interface TargetJob {
  database: { kind: 'pglite'; dumpFile: string } | { kind: 'pg'; url: string };
  /** The built web app to serve (the bench writes one of a single module). */
  webDist: string;
  /** Without it the app logs nothing; with it, as production does, to /dev/null. */
  logLevel?: string;
}

const job = JSON.parse(process.argv[2] ?? '') as TargetJob;

const database = await openDatabase(
  job.database.kind === 'pglite'
    ? { kind: 'pglite', loadDataDir: new Blob([readFileSync(job.database.dumpFile)]) }
    : { kind: 'pg', url: job.database.url },
);
const { app } = await buildApp({
  ...benchAppDeps(database),
  webDist: job.webDist,
  ...(job.logLevel
    ? { logger: { ...productionLoggerOptions(job.logLevel), stream: createWriteStream('/dev/null') } }
    : {}),
});
process.stdout.write(`${await app.listen({ port: 0, host: '127.0.0.1' })}\n`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// The bench ended without a signal (crashed): stdin closes with it, so no server is left behind.
process.stdin.on('end', stop);
process.stdin.resume();
