/**
 * `npm run bench:logging -w @matchwerk/api`: what request logging at the production level costs
 * (issue #12: under 5 %, ADR 0084). Two apps run in this one process on the same embedded
 * database, one logging at LOG_LEVEL (default `info`) to a file with synchronous writes, as pino
 * writes to stdout, and one without a logger. Both share V8's state, which moves a single app's CPU
 * per request by up to a third from one process to the next (ADR 0079). Each target gets
 * BENCH_ROUNDS (default 6) rounds of BENCH_SECONDS (default 4) per app, in alternating order, from
 * the load generator in a process of its own. Prints the median CPU µs per request of each app and
 * the difference.
 * Targets: BENCH_TARGETS, a comma list of paths (default: health and the current user and the
 * posting list from memory, then health and the current user through Fastify).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pino from 'pino';
import { buildApp, productionLoggerOptions } from '../src/app';
import { openDatabase } from '../src/db/client';
import { seedDemoData, DEMO_PASSWORD } from '../src/seed/demo-data';
import { BENCH_PUBLIC_URL, benchAppDeps } from './bench-app';
import type { LoadJob, LoadResult } from './load-job';

const LEVEL = process.env.LOG_LEVEL ?? 'info';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const TARGETS = (
  process.env.BENCH_TARGETS ??
  '/rest/health,/rest/users/current-user,/rest/vacancy,/rest/health?route,/rest/users/current-user?via=fastify'
).split(',');

const execFileAsync = promisify(execFile);
const LOAD_GENERATOR = fileURLToPath(new URL('./load-generator.ts', import.meta.url));
const publicUrl = BENCH_PUBLIC_URL;

async function load(job: LoadJob): Promise<LoadResult> {
  const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', LOAD_GENERATOR, JSON.stringify(job)]);
  return JSON.parse(stdout) as LoadResult;
}

const database = await openDatabase({ kind: 'pglite' });
await database.migrate();
await seedDemoData(database.db);
const logDir = mkdtempSync(join(tmpdir(), 'matchwerk-logging-'));
const logFile = join(logDir, 'app.log');

/** An app listening on a free port, and the session cookie of firma@ on it. */
async function start(logged: boolean): Promise<{ url: string; cookie: string; close: () => Promise<void> }> {
  const { app } = await buildApp({
    ...benchAppDeps(database),
    ...(logged
      ? { logger: { ...productionLoggerOptions(LEVEL), stream: pino.destination({ dest: logFile, sync: true }) } }
      : {}),
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const response = await fetch(`${url}/rest/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: publicUrl },
    body: JSON.stringify({ email: 'firma@matchwerk.example', password: DEMO_PASSWORD }),
  });
  const cookie = response.headers.getSetCookie().find((entry) => entry.includes('session_token='));
  if (!cookie) throw new Error(`sign-in failed: ${response.status}`);
  return { url, cookie: cookie.split(';')[0]!, close: () => app.close() };
}

const apps = { logged: await start(true), silent: await start(false) };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

console.log(`\nRequest logging at ${LEVEL} against no logger (PGlite, ${ROUNDS} rounds of ${SECONDS} s each)`);
console.log('Target                                 µs/request logged  µs/request silent  difference');
for (const path of TARGETS) {
  const cpu = { logged: [] as number[], silent: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['logged', 'silent'] as const) : (['silent', 'logged'] as const);
    for (const name of order) {
      const { url, cookie } = apps[name];
      const job = (seconds: number): LoadJob => ({
        url: url + path,
        method: 'GET',
        headers: { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br', cookie },
        seconds,
        connections: 10,
      });
      if (round === 0) await load(job(1));
      const before = process.cpuUsage();
      const result = await load(job(SECONDS));
      const used = process.cpuUsage(before);
      cpu[name].push((used.user + used.system) / Math.max(1, result.rps * SECONDS));
    }
  }
  const logged = median(cpu.logged);
  const silent = median(cpu.silent);
  const difference = `${logged >= silent ? '+' : ''}${(((logged - silent) / silent) * 100).toFixed(1)} %`;
  console.log(`${path.padEnd(38)} ${logged.toFixed(1).padEnd(18)} ${silent.toFixed(1).padEnd(18)} ${difference}`);
}
const lines = readFileSync(logFile, 'utf8').split('\n').filter(Boolean).length;
console.log(`Lines written by the logging app: ${lines}`);

await apps.logged.close();
await apps.silent.close();
await database.close();
rmSync(logDir, { recursive: true, force: true });
