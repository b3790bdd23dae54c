/**
 * `npm run bench`: the real app on a fresh embedded database vs. a bare node:http server
 * returning fixed JSON, measured in the same run. This process only seeds the database and
 * directs; the app (bench/target-server.ts, started after seeding, PGlite handed over as a dump),
 * the baseline servers (bench/baseline-server.ts) and the load generator (autocannon,
 * bench/load-generator.ts, one per measurement) each run in a process of their own. Prints req/s,
 * p95, p99, the ratio to the baseline (measured again right before each route, shown as
 * "Baseline davor") and the server's CPU time per request (the app's process, PGlite included; the
 * baseline's process); no wall-clock assertions. Add routes to ROUTES. With BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) set, the same routes run again on a fresh PostgreSQL database.
 * The app's process runs compiled, as `npm start` runs the server (ADR 0093): bench/target-server.ts
 * is built with the server's build (scripts/build.ts) into dist/bench-target-server.js and run by
 * plain Node. It gets the server's Node flags (src/config/server-node-flags.ts, as `npm start`);
 * BENCH_TARGET_NODE_OPTIONS replaces them (empty: none; or e.g. `--max-semi-space-size=2`), to
 * compare.
 *
 * Answer size: a third baseline, node:http answering BENCH_SIZED_BASELINE_BYTES (default 2,400,
 * a compressed chat page) random bytes, shows how far the bytes alone lower a ratio.
 * Same bytes: before each route, its answer (status, headers, body as sent, compressed or not) is
 * handed to a replay baseline (node:http answering exactly those bytes); "gleiche Bytes" is the
 * route's req/s over that baseline's, the ratio the issues' targets name ("bare node:http sending
 * the same bytes"). "Verhältnis" stays the ratio to the fixed small JSON, comparable with earlier runs.
 * Rounds: BENCH_ROUNDS (default 3) baseline-then-route pairs per route; the median pair is shown,
 * with the range of all rounds' ratios.
 * Selecting: BENCH_ONLY=<regular expression> runs only the routes whose name matches (e.g.
 * `BENCH_ONLY=Unternehmen`); BENCH_DATABASES=postgres (or pglite) runs on one database only.
 * Volume: BENCH_ORGANIZATIONS (default 10,000) organisations with 0–3 users each and
 * BENCH_ORGANIZATION_POSTINGS (default 15,000) postings and matchings on them, for the
 * administration's organisations list (issue #10, target p95 ≤ 50 ms per page).
 * Statistics (issue #11): the "Statistik" routes; with BENCH_STATISTICS=1 the statistics volume
 * (bench/statistics-volume.ts, sizes VOLUME_<NAME>, default 10,000 organisations … 1,000,000
 * messages) is added first — meant for PostgreSQL (`BENCH_DATABASES=postgres BENCH_ONLY=Statistik`).
 * Per-query figures: bench/statistics.ts.
 * Logging: without BENCH_LOG_LEVEL the app logs nothing; BENCH_LOG_LEVEL=info logs as production
 * does (same options, levels and redaction, written to /dev/null), to measure what logging costs.
 * At info only refused, slow and failed requests get a line; BENCH_LOG_LEVEL=debug gives every
 * request one (ADR 0084).
 */
import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompressSync } from 'node:zlib';
import { berlinToday, presetPeriod } from '@matchwerk/shared';
import { SERVER_NODE_FLAGS } from '../src/config/server-node-flags';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { organizations, vacancies } from '../src/db/schema/index';
import { seedDemoData, DEMO_PASSWORD } from '../src/seed/demo-data';
import { createDatabaseFromTemplate, databaseUrlFor, dropDatabase } from '../src/testing/template';
import { buildApi, DIST_DIR } from '../scripts/build';
import { BENCH_PUBLIC_URL } from './bench-app';
import { FRESH_UUID, type LoadJob, type LoadResult } from './load-job';
import type { TargetJob } from './target-server';
import { addOrganizations } from './organizations-volume';
import {
  addMarketplaceVolume,
  MARKETPLACE_VOLUME_CHAT_APPLICANT_ID,
  MARKETPLACE_VOLUME_USER,
} from './marketplace-volume';
import { seedStatisticsVolume, STATISTICS_VOLUME_DEFAULTS, type StatisticsVolumeSizes } from './statistics-volume';
import { addCandidateFeedVolume, candidateFeedBenchRoutes } from './candidate-feed-volume';

/** Ids only known after seeding (a demo chat of firma@ and its current poll cursor). */
interface BenchContext {
  chatApplicantId: string;
  chatCursor: string;
}

interface BenchRoute {
  name: string;
  method: 'GET' | 'POST';
  path: string | ((context: BenchContext) => string);
  /** Who calls it: a demo account's e-mail (signed in once, Bearer token). */
  as?: string;
  body?: unknown;
  /** Also measure one connection at a time: the latency of a single request (p95 per page). */
  latency?: boolean;
  /** Send the signed session cookie (as the browser does) instead of the raw Bearer token. */
  cookie?: boolean;
  /** Request headers besides `accept` and the credentials. */
  headers?: Record<string, string>;
}

/** A build file of the web app's size class (a 20 kB module, about 5 kB brotli), see webDistForBench. */
const BENCH_ASSET = 'bench-module-0a1b2c3d.js';

/** The `Accept-Encoding` of Chromium and Firefox. */
const BROWSER_ACCEPT_ENCODING = { 'accept-encoding': 'gzip, deflate, br' };

const ROUTES: BenchRoute[] = [
  { name: 'GET /rest/health (no database)', method: 'GET', path: '/rest/health' },
  // The same answer through Fastify's route (a query string skips the server's fast path, ADR 0066).
  { name: 'GET /rest/health?route (through Fastify)', method: 'GET', path: '/rest/health?route' },
  // One of the 40–70 hashed files a signed-in screen's first load asks for (ADR 0067).
  {
    name: 'GET web asset, brotli (from memory)',
    method: 'GET',
    path: `/assets/${BENCH_ASSET}`,
  },
  { name: 'GET current-user (Bearer)', method: 'GET', path: '/rest/users/current-user', as: 'firma@matchwerk.example' },
  {
    name: 'GET current-user (Cookie)',
    method: 'GET',
    path: '/rest/users/current-user',
    as: 'firma@matchwerk.example',
    cookie: true,
  },
  { name: 'GET vacancy list, org user (25/page)', method: 'GET', path: '/rest/vacancy', as: 'firma@matchwerk.example' },
  {
    name: 'GET vacancy list, admin (25/page, all orgs)',
    method: 'GET',
    path: '/rest/vacancy',
    as: 'admin@matchwerk.example',
  },
  {
    name: 'GET vacancy list, admin, page 40',
    method: 'GET',
    path: '/rest/vacancy?page=40',
    as: 'admin@matchwerk.example',
  },
  {
    name: 'GET chat poll, idle (204, version store)',
    method: 'GET',
    path: (c) => `/rest/messages/organization/${c.chatApplicantId}/polling?since=${c.chatCursor}`,
    as: 'firma@matchwerk.example',
  },
  {
    name: 'GET chat poll, with news (200, 1 query)',
    method: 'GET',
    path: (c) => `/rest/messages/organization/${c.chatApplicantId}/polling?since=0`,
    as: 'firma@matchwerk.example',
  },
  // Administration (issue #10): the organisations list at 10,000 organisations.
  {
    name: 'GET Unternehmen, Admin, Seite 1 (25)',
    method: 'GET',
    path: '/rest/organization/',
    as: 'admin@matchwerk.example',
    latency: true,
  },
  {
    name: 'GET Unternehmen, Admin, Seite 200',
    method: 'GET',
    path: '/rest/organization/?page=200',
    as: 'admin@matchwerk.example',
    latency: true,
  },
  {
    name: 'GET Unternehmen, Admin, letzte Seite',
    method: 'GET',
    path: '/rest/organization/?page=400',
    as: 'admin@matchwerk.example',
    latency: true,
  },
  {
    name: 'GET Unternehmen, Admin, Suche "bau"',
    method: 'GET',
    path: '/rest/organization/?search=bau',
    as: 'admin@matchwerk.example',
    latency: true,
  },
  {
    // German spellings (issue 48 item 4, ADR 0117): two forms of the term in the folded search texts.
    name: 'GET Unternehmen, Admin, Suche "Baeckerei" (Umlaut-Schreibweise)',
    method: 'GET',
    path: '/rest/organization/?search=Baeckerei',
    as: 'admin@matchwerk.example',
    latency: true,
  },
  {
    name: 'GET Unternehmen, Admin, Suche "Ölm"',
    method: 'GET',
    path: '/rest/organization/?search=%C3%96lm',
    as: 'admin@matchwerk.example',
    latency: true,
  },
  {
    name: 'GET Unternehmen, Admin, Suche E-Mail',
    method: 'GET',
    path: '/rest/organization/?search=anna.bauer',
    as: 'admin@matchwerk.example',
    latency: true,
  },
  {
    name: 'GET Unternehmen, Admin, nach Ort, Seite 100',
    method: 'GET',
    path: '/rest/organization/?sort=city&page=100',
    as: 'admin@matchwerk.example',
    latency: true,
  },
  {
    name: 'GET Unternehmen, Admin, nach Anzeigen absteigend',
    method: 'GET',
    path: '/rest/organization/?sort=vacancies&order=desc',
    as: 'admin@matchwerk.example',
    latency: true,
  },
  {
    name: 'GET Unternehmen, Admin, letzte Anmeldung',
    method: 'GET',
    path: '/rest/organization/?sort=lastSignInAt&order=desc',
    as: 'admin@matchwerk.example',
    latency: true,
  },
  {
    name: 'GET Unternehmen, Admin, inaktiv + Mitglied',
    method: 'GET',
    path: '/rest/organization/?active=false&member=true',
    as: 'admin@matchwerk.example',
    latency: true,
  },
  {
    name: 'GET Unternehmen, Partner, Seite 1',
    method: 'GET',
    path: '/rest/organization/',
    as: 'partner@matchwerk.example',
    latency: true,
  },
  {
    name: 'GET Unternehmen, Partner, Seite 80',
    method: 'GET',
    path: '/rest/organization/?page=80',
    as: 'partner@matchwerk.example',
    latency: true,
  },
  {
    name: 'GET Unternehmen, Partner, Suche "sindelfingen"',
    method: 'GET',
    path: '/rest/organization/?search=sindelfingen',
    as: 'partner@matchwerk.example',
    latency: true,
  },
  // Anfragen and chat history at volume (issue #12, ADR 0029; bench/marketplace-volume.ts): an
  // organisation with 4,000 matchings, a chat with 5,000 messages; target p95 ≤ 20 ms per page.
  ...marketplaceRoutes(),
  // Statistics (issue #11): the whole dashboard per request (target p95 ≤ 200 ms at the statistics volume).
  ...statisticsRoutes(),
  // Posting list at 50,000 postings (issue #12, ADR 0028; run with BENCH_VACANCIES=35000): target p95 ≤ 20 ms.
  ...vacancyListRoutes(),
  // Candidate feed (issue 46, ADR 0100; bench/candidate-feed-volume.ts): 50,000 postings, 100,000
  // candidates; target p95 ≤ 20 ms on PostgreSQL, ≥ 0.45 × node:http with the same bytes.
  ...candidateFeedBenchRoutes(),
];

/**
 * The posting list at volume: every sort both ways, offset and keyset (cursor) pages, partner
 * scope and search. The cursors are written here as a client would get them (ADR 0028): the
 * key of a row in the middle of the list, so the page starts deep inside it.
 */
function vacancyListRoutes(): BenchRoute[] {
  const cursor = (sort: string, order: 'asc' | 'desc', key: string[]) =>
    Buffer.from(JSON.stringify({ s: sort, o: order, k: key })).toString('base64url');
  const middleId = '80000000-0000-4000-8000-000000000000';
  const admin = 'admin@matchwerk.example';
  const partner = 'partner@matchwerk.example';
  const list = (name: string, query: string, as = admin): BenchRoute => ({
    name: `GET Stellenanzeigen, ${name}`,
    method: 'GET',
    path: `/rest/vacancy${query}`,
    as,
    latency: true,
  });
  return [
    list('Admin, Seite 1', ''),
    list('Admin, Seite 1000 (Offset)', '?page=1000'),
    list('Admin, Seite 1990 (Offset)', '?page=1990'),
    list('Admin, Cursor Mitte', `?page=1000&cursor=${cursor('organizationName', 'asc', ['M', '', middleId])}`),
    list('Admin, Unternehmen absteigend', '?order=desc'),
    list('Admin, Titel', '?sort=title'),
    list('Admin, Titel absteigend', '?sort=title&order=desc'),
    list(
      'Admin, Titel, Cursor Mitte',
      `?sort=title&page=1000&cursor=${cursor('title', 'asc', ['Ausbildung Bench 20000', '', middleId])}`,
    ),
    list('Admin, Beginn', '?sort=start'),
    list('Admin, Beginn absteigend', '?sort=start&order=desc'),
    list('Admin, Ansprechperson', '?sort=contactName'),
    list('Admin, Ansprechperson absteigend', '?sort=contactName&order=desc'),
    list('Admin, geändert absteigend', '?sort=updatedAt&order=desc'),
    list('Admin, geändert aufsteigend', '?sort=updatedAt'),
    list('Admin, Suche "verwaltung 01"', '?search=verwaltung%2001'),
    list('Admin, Suche "bau"', '?search=bau'),
    list('Admin, Suche "böblingen" (viele Treffer)', '?search=b%C3%B6blingen'),
    list('Partner, Seite 1', '', partner),
    list('Partner, Seite 100 (Offset)', '?page=100', partner),
    list(
      'Partner, Cursor Mitte',
      `?page=100&cursor=${cursor('organizationName', 'asc', ['M', '', middleId])}`,
      partner,
    ),
    list('Partner, Titel', '?sort=title', partner),
    list('Partner, Suche "bau"', '?search=bau', partner),
    list('Unternehmen (eigene), Seite 1', '', 'firma@matchwerk.example'),
    // The users list at 10,000 organisations (checked with the posting list, issue #12).
    { name: 'GET Nutzer, Admin, Seite 1', method: 'GET', path: '/rest/users/', as: admin, latency: true },
    { name: 'GET Nutzer, Admin, Seite 400', method: 'GET', path: '/rest/users/?page=400', as: admin, latency: true },
    {
      name: 'GET Nutzer, Admin, Suche "bauer"',
      method: 'GET',
      path: '/rest/users/?search=bauer',
      as: admin,
      latency: true,
    },
    {
      name: 'GET Nutzer, Admin, letzte Anmeldung',
      method: 'GET',
      path: '/rest/users/?sort=lastSignInAt&order=desc',
      as: admin,
      latency: true,
    },
    { name: 'GET Nutzer, Partner, Seite 1', method: 'GET', path: '/rest/users/', as: partner, latency: true },
  ];
}

function marketplaceRoutes(): BenchRoute[] {
  const as = MARKETPLACE_VOLUME_USER;
  const chat = `/rest/messages/organization/${MARKETPLACE_VOLUME_CHAT_APPLICANT_ID}`;
  // A keyset position half a year back, as a client gets it in `next` (ADR 0029: time with microseconds, id).
  const halfYear = new Date(Date.now() - 182 * 24 * 3600 * 1000).toISOString().replace('Z', '000Z');
  const cursor = Buffer.from(`${halfYear}|ffffffff-ffff-ffff-ffff-ffffffffffff`).toString('base64url');
  return [
    {
      name: 'GET Anfragen, offen, Seite 1 (25)',
      method: 'GET',
      path: '/rest/matching/organization?state=OPEN',
      as,
      latency: true,
    },
    {
      name: 'GET Anfragen, offen, ältere Seite (Cursor)',
      method: 'GET',
      path: `/rest/matching/organization?state=OPEN&cursor=${cursor}`,
      as,
      latency: true,
    },
    {
      name: 'GET Anfragen, ohne state (je Gruppe Seite 1)',
      method: 'GET',
      path: '/rest/matching/organization',
      as,
      latency: true,
    },
    { name: 'GET Chat 5.000 Nachrichten, neueste 50', method: 'GET', path: chat, as, latency: true },
    { name: 'GET Chat 5.000 Nachrichten, ältere 50', method: 'GET', path: `${chat}?before=2500`, as, latency: true },
    {
      name: 'POST Nachricht senden (neue clientMessageId)',
      method: 'POST',
      path: `/rest/messages/${MARKETPLACE_VOLUME_CHAT_APPLICANT_ID}`,
      as,
      // '{{uuid}}' becomes a new UUID in every request (FRESH_UUID in bench/load-job.ts).
      body: { text: 'Guten Tag, passt Ihnen Dienstag um 10 Uhr für ein Kennenlernen?', clientMessageId: '{{uuid}}' },
    },
  ];
}

function statisticsRoutes(): BenchRoute[] {
  const today = berlinToday();
  const season = presetPeriod('SEASON', today);
  const month = presetPeriod('MONTH', today);
  const query = (period: { from: string; to: string }) => `from=${period.from}&to=${period.to}`;
  return [
    {
      name: 'GET Statistik, Admin, Saison, alle Regionen',
      method: 'GET',
      path: `/rest/statistics?${query(season)}`,
      as: 'admin@matchwerk.example',
      latency: true,
    },
    {
      name: 'GET Statistik, Admin, Monat, alle Regionen',
      method: 'GET',
      path: `/rest/statistics?${query(month)}`,
      as: 'admin@matchwerk.example',
      latency: true,
    },
    {
      name: 'GET Statistik, Partner, Saison, Sindelfingen',
      method: 'GET',
      path: `/rest/statistics?${query(season)}`,
      as: 'partner@matchwerk.example',
      latency: true,
    },
    {
      name: 'GET Statistik, Partner, Monat, Sindelfingen',
      method: 'GET',
      path: `/rest/statistics?${query(month)}`,
      as: 'partner@matchwerk.example',
      latency: true,
    },
    {
      name: 'GET Statistik je Unternehmen, Admin, Saison, Seite 1',
      method: 'GET',
      path: `/rest/statistics/organizations?${query(season)}&sort=openOverdue&order=desc`,
      as: 'admin@matchwerk.example',
      latency: true,
    },
  ];
}

const BENCH_STATISTICS = process.env.BENCH_STATISTICS === '1';

function statisticsVolumeSizes(): StatisticsVolumeSizes {
  const sizes = { ...STATISTICS_VOLUME_DEFAULTS };
  for (const key of Object.keys(sizes) as (keyof StatisticsVolumeSizes)[]) {
    const value = process.env[`VOLUME_${key.toUpperCase()}`];
    if (value) sizes[key] = Number(value);
  }
  return sizes;
}

const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
const DATABASES = new Set((process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((entry) => entry.trim()));

/** Organisations (with users, postings, matchings) added for the administration's list. */
const BENCH_ORGANIZATIONS = Number(process.env.BENCH_ORGANIZATIONS ?? 10_000);
const BENCH_ORGANIZATION_POSTINGS = Number(process.env.BENCH_ORGANIZATION_POSTINGS ?? 15_000);

/** Postings added on top of the demo data so the list routes run against a realistic volume. */
const BENCH_VACANCIES = Number(process.env.BENCH_VACANCIES ?? 2000);

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
/**
 * Each route is measured this many times, each time right after the baseline; the table shows
 * the median round. A single pair moved by up to a third when the machine's other work changed
 * within the ten seconds (the posting list at 0.415× in one calm run, 0.63–0.81× in three others,
 * stop 42); the median of three pairs is one such pair, not a best case.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL;

type Measured = LoadResult;

const execFileAsync = promisify(execFile);
const LOAD_GENERATOR = fileURLToPath(new URL('./load-generator.ts', import.meta.url));
const BASELINE_SERVER = fileURLToPath(new URL('./baseline-server.ts', import.meta.url));
/** The app's process runs compiled, as `npm start` runs the server (ADR 0093): built beside dist/server.js. */
const TARGET_SERVER_ENTRY = 'bench-target-server';
await buildApi({ entries: { [TARGET_SERVER_ENTRY]: 'bench/target-server.ts' }, clean: false });
const targetServer = join(DIST_DIR, `${TARGET_SERVER_ENTRY}.js`);
/** The app's process runs with the server's flags (ADR 0089) unless BENCH_TARGET_NODE_OPTIONS says otherwise. */
const TARGET_NODE_OPTIONS =
  process.env.BENCH_TARGET_NODE_OPTIONS === undefined
    ? SERVER_NODE_FLAGS
    : process.env.BENCH_TARGET_NODE_OPTIONS.split(' ').filter(Boolean);

/** One measurement by the load generator in a process of its own (bench/load-generator.ts). */
async function measure(
  url: string,
  options: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
  seconds: number,
  connections = CONNECTIONS,
): Promise<Measured> {
  const job: LoadJob = {
    url,
    method: options.method,
    headers: options.headers,
    body: options.body,
    seconds,
    connections,
  };
  const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', LOAD_GENERATOR, JSON.stringify(job)], {
    maxBuffer: 1024 * 1024,
  });
  return JSON.parse(stdout) as LoadResult;
}

const ms = (value: number) => value.toFixed(1);

interface ServerProcess {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

/** A server script in a process of its own; it prints its URL as its first line on stdout. */
async function startServer(
  script: string,
  args: string[],
  nodeOptions: readonly string[] = ['--import', 'tsx'],
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...nodeOptions, script, ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout });
  const first = await Promise.race([once(lines, 'line'), exited.then(() => null)]);
  lines.close();
  if (!first) throw new Error(`${script} ended before it listened`);
  // Whatever it prints later goes on to stderr, so a full pipe can never stall it.
  child.stdout.pipe(process.stderr);
  return {
    url: String(first[0]),
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A baseline in a process of its own (bench/baseline-server.ts), so PGlite and the app do not
 * share its CPU time: bare node:http, or bare Fastify with one route.
 */
function startBaseline(kind: 'node' | 'fastify' | 'replay', bytes?: number): Promise<ServerProcess> {
  return startServer(BASELINE_SERVER, [kind, ...(bytes ? [String(bytes)] : [])]);
}
const baseline = await startBaseline('node');
const baselineUrl = baseline.url;
const fastifyBaseline = await startBaseline('fastify');
/**
 * node:http answering as many bytes as the bench's chat page sends compressed (ADR 0083): the
 * ceiling of a ratio for an answer that size, since loopback's cost grows with the bytes (a bare
 * server at 2,950 bytes reached 0.48× of itself at 60).
 */
const SIZED_BASELINE_BYTES = Number(process.env.BENCH_SIZED_BASELINE_BYTES ?? 2400);
const sizedBaseline = await startBaseline('node', SIZED_BASELINE_BYTES);
const replayBaseline = await startBaseline('replay');

/** Headers that make an answer what it is on the wire; the replay baseline sends them as the app did. */
const REPLAYED_HEADERS = ['content-type', 'content-encoding', 'vary', 'etag', 'cache-control'];

/**
 * One request to the app as the load generator sends it, and its answer handed to the replay
 * baseline byte for byte (node:http does not decompress, unlike fetch).
 */
async function replayAnswerOf(url: string, options: Parameters<typeof measure>[1]): Promise<number> {
  const body = options.body?.replaceAll(FRESH_UUID, randomUUID());
  const answer = await new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>(
    (resolve, reject) => {
      const outgoing = httpRequest(url, { method: options.method, headers: options.headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const headers: Record<string, string> = {};
          for (const name of REPLAYED_HEADERS) {
            const value = response.headers[name];
            if (typeof value === 'string') headers[name] = value;
          }
          resolve({ status: response.statusCode ?? 200, headers, body: Buffer.concat(chunks) });
        });
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    },
  );
  const stored = await fetch(`${replayBaseline.url}/__answer`, {
    method: 'PUT',
    body: JSON.stringify({ ...answer, body: answer.body.toString('base64') }),
  });
  if (stored.status !== 204) throw new Error(`the replay baseline refused the answer: ${stored.status}`);
  return answer.body.length;
}

/**
 * CPU time (user + system, µs) a server process has used so far: the app's (PGlite included) or a
 * baseline's. Per request it is a figure a busy shared machine moves far less than throughput,
 * which depends on how much CPU the other processes leave.
 */
function cpuMicros(pid: number): number {
  // /proc/<pid>/stat: utime and stime (fields 14 and 15) in clock ticks of 10 ms.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** A measurement with the server's CPU time per answered request. */
async function measureWithCpu(
  url: string,
  options: Parameters<typeof measure>[1],
  pid: number,
): Promise<Measured & { cpuPerRequest: number }> {
  const before = cpuMicros(pid);
  const result = await measure(url, options, DURATION);
  return { ...result, cpuPerRequest: (cpuMicros(pid) - before) / Math.max(1, result.rps * DURATION) };
}

/** A demo chat of firma@ and its current cursor, so the idle poll really is idle. */
async function benchContext(appUrl: string, token: string): Promise<BenchContext> {
  const headers = { authorization: `Bearer ${token}` };
  const list = (await (await fetch(`${appUrl}/rest/messages`, { headers })).json()) as {
    chats: { applicantId: string }[];
  };
  const chatApplicantId = list.chats[0]?.applicantId;
  if (!chatApplicantId) throw new Error('the demo data has no chat for firma@');
  const chat = (await (await fetch(`${appUrl}/rest/messages/organization/${chatApplicantId}`, { headers })).json()) as {
    cursor: string;
  };
  return { chatApplicantId, chatCursor: chat.cursor };
}

/**
 * A built web app of one file for the asset row: a module like the build's (20 kB of code, its
 * brotli copy next to it, as scripts/precompress.mjs writes them). Removed after the run.
 */
function webDistForBench(): string {
  const dist = mkdtempSync(join(tmpdir(), 'matchwerk-bench-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Matchwerk</title>');
  const code = Array.from({ length: 400 }, (_, index) => `export const value${index} = ${index * 7919};`).join('\n');
  writeFileSync(join(dist, 'assets', BENCH_ASSET), code);
  writeFileSync(join(dist, 'assets', `${BENCH_ASSET}.br`), brotliCompressSync(code));
  return dist;
}

/** The seeded database as the app's process opens it: PGlite as a dump, PostgreSQL by URL. */
type TargetDatabase = TargetJob['database'];

async function seed(database: DatabaseHandle): Promise<void> {
  await database.migrate();
  await seedDemoData(database.db);
  if (process.env.BENCH_MARKETPLACE !== '0')
    console.log('  + Anfragen/Chat-Volumen:', JSON.stringify(await addMarketplaceVolume(database.db)));
  {
    const orgs = await database.db.select({ id: organizations.id }).from(organizations);
    const rows = Array.from({ length: BENCH_VACANCIES }, (_, index) => ({
      organizationId: orgs[index % orgs.length]!.id,
      title: `Ausbildung Bench ${String(index).padStart(5, '0')}`,
      type: 'APPRENTICESHIP' as const,
      description: '<p>Beschreibung der Stelle mit <strong>Text</strong>.</p>',
      descriptionExcerpt: 'Beschreibung der Stelle mit Text.',
      contactName: 'Bench Person',
      city: 'Sindelfingen',
      zipCode: '71063',
      active: index % 3 !== 0,
    }));
    for (let start = 0; start < rows.length; start += 500)
      await database.db.insert(vacancies).values(rows.slice(start, start + 500));
  }
  if (BENCH_ORGANIZATIONS > 0) {
    const added = await addOrganizations(database.db, {
      organizations: BENCH_ORGANIZATIONS,
      postings: BENCH_ORGANIZATION_POSTINGS,
    });
    console.log(
      `  + ${added.organizations} Unternehmen, ${added.users} Nutzer, ${added.postings} Anzeigen, ${added.matchings} Matchings`,
    );
  }
  if (BENCH_STATISTICS) {
    const volume = await seedStatisticsVolume(database.db, statisticsVolumeSizes());
    console.log('  + Statistik-Volumen:', JSON.stringify(volume.rows));
  }
  // The feed's volume only when its rows run (it adds up to 50,000 postings and 100,000 candidates).
  if (!ONLY || ONLY.test('GET Feed')) {
    const feed = await addCandidateFeedVolume(
      database.db,
      {
        postings: Number(process.env.BENCH_FEED_POSTINGS ?? 50_000),
        candidates: Number(process.env.BENCH_FEED_CANDIDATES ?? 100_000),
      },
      fileURLToPath(new URL('../src/modules/geocoding/de-postcode-centroids.json', import.meta.url)),
    );
    console.log('  + Feed-Volumen:', JSON.stringify(feed));
  }
}

/** Starts the app's process on the seeded database, measures every route, and stops it, also on failure. */
async function runOn(label: string, targetDatabase: TargetDatabase): Promise<void> {
  const webDist = webDistForBench();
  try {
    const job: TargetJob = { database: targetDatabase, webDist, ...(LOG_LEVEL ? { logLevel: LOG_LEVEL } : {}) };
    // Built again after the (minutes-long) seed: a build of the app meanwhile (`clean`) empties dist/.
    if (!existsSync(targetServer))
      await buildApi({ entries: { [TARGET_SERVER_ENTRY]: 'bench/target-server.ts' }, clean: false });
    const target = await startServer(
      targetServer,
      [JSON.stringify(job)],
      [
        // As the start script: stack traces through the bundle's source map.
        '--enable-source-maps',
        ...TARGET_NODE_OPTIONS,
      ],
    );
    try {
      await measureRoutes(label, target);
    } finally {
      await target.stop();
    }
  } finally {
    rmSync(webDist, { recursive: true, force: true });
  }
}

async function measureRoutes(label: string, target: ServerProcess): Promise<void> {
  const appUrl = target.url;
  const publicUrl = BENCH_PUBLIC_URL;

  const tokens = new Map<string, string>();
  /** The signed session cookie ("name=value") of each account signed in, as a browser sends it. */
  const cookies = new Map<string, string>();
  async function tokenFor(email: string): Promise<string> {
    const cached = tokens.get(email);
    if (cached) return cached;
    const response = await fetch(`${appUrl}/rest/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: publicUrl },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    const body = (await response.json()) as { token?: string };
    if (!body.token) throw new Error(`sign-in failed for ${email} (is it a demo account?): ${response.status}`);
    tokens.set(email, body.token);
    const sessionCookie = response.headers.getSetCookie().find((entry) => entry.includes('session_token='));
    if (sessionCookie) cookies.set(email, sessionCookie.split(';')[0]!);
    return body.token;
  }

  const rows: string[][] = [
    [
      'Ziel',
      'req/s',
      'p95 (ms)',
      'p99 (ms)',
      'Verhältnis',
      'gleiche Bytes',
      'Bytes',
      'zu Fastify',
      `Runden (${ROUNDS})`,
      'Baseline davor (req/s)',
      'CPU µs/Anfrage',
      'p95 1 Verb. (ms)',
      'Fehler/non-2xx',
    ],
  ];
  console.log(
    `\nBench (${label}): ${CONNECTIONS} Verbindungen, ${DURATION} s je Ziel (Aufwärmen ${WARMUP} s), ${BENCH_VACANCIES} zusätzliche Stellenanzeigen, ${BENCH_ORGANIZATIONS} zusätzliche Unternehmen, Log: ${LOG_LEVEL ?? 'aus'}, App-Prozess: node ${TARGET_NODE_OPTIONS.join(' ') || '(ohne Flags)'}`,
  );

  await measure(baselineUrl, { method: 'GET' }, WARMUP);
  const base = await measureWithCpu(baselineUrl, { method: 'GET' }, baseline.pid);
  await measure(fastifyBaseline.url, { method: 'GET' }, WARMUP);
  const bareFastify = await measureWithCpu(fastifyBaseline.url, { method: 'GET' }, fastifyBaseline.pid);
  await measure(sizedBaseline.url, { method: 'GET' }, WARMUP);
  const sized = await measureWithCpu(sizedBaseline.url, { method: 'GET' }, sizedBaseline.pid);
  // Bare Fastify against node:http, measured once: a route's "zu Fastify" is its ratio divided by this.
  const fastifyRatio = bareFastify.rps / base.rps;
  rows.push(
    [
      'Baseline node:http (fixes JSON)',
      base.rps.toFixed(0),
      ms(base.p95),
      ms(base.p99),
      '1.00',
      '',
      '',
      '',
      '',
      '',
      ms(base.cpuPerRequest),
      '',
      `${base.errors}/${base.non2xx}`,
    ],
    [
      'Baseline Fastify, eine Route (fixes JSON)',
      bareFastify.rps.toFixed(0),
      ms(bareFastify.p95),
      ms(bareFastify.p99),
      fastifyRatio.toFixed(3),
      '',
      '',
      '1.00',
      '',
      '',
      ms(bareFastify.cpuPerRequest),
      '',
      `${bareFastify.errors}/${bareFastify.non2xx}`,
    ],
    [
      `Baseline node:http, ${SIZED_BASELINE_BYTES} Bytes`,
      sized.rps.toFixed(0),
      ms(sized.p95),
      ms(sized.p99),
      (sized.rps / base.rps).toFixed(3),
      '',
      String(SIZED_BASELINE_BYTES),
      '',
      '',
      '',
      ms(sized.cpuPerRequest),
      '',
      `${sized.errors}/${sized.non2xx}`,
    ],
  );

  const context = await benchContext(appUrl, await tokenFor('firma@matchwerk.example'));
  for (const route of ROUTES) {
    if (ONLY && !ONLY.test(route.name)) continue;
    // What a browser sends with every request: kept answers of 1 kB or more go out compressed (ADR 0074).
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...BROWSER_ACCEPT_ENCODING,
      ...route.headers,
    };
    if (route.as) {
      const token = await tokenFor(route.as);
      if (route.cookie) headers.cookie = cookies.get(route.as) ?? '';
      else headers.authorization = `Bearer ${token}`;
    }
    let body: string | undefined;
    if (route.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(route.body);
    }
    const request = { method: route.method, headers, body };
    const path = typeof route.path === 'function' ? route.path(context) : route.path;
    // The baseline again, right before the route: a shared machine's speed drifts by a factor of
    // two within minutes, so a baseline taken once at the start moved every later ratio (issue #12).
    await measure(`${appUrl}${path}`, request, WARMUP);
    const answerBytes = await replayAnswerOf(`${appUrl}${path}`, request);
    await measure(replayBaseline.url, { method: 'GET' }, WARMUP);
    const rounds: {
      base: Measured;
      same: Measured;
      measured: Measured & { cpuPerRequest: number };
      ratio: number;
    }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const base = await measure(baselineUrl, { method: 'GET' }, DURATION);
      const same = await measure(replayBaseline.url, { method: 'GET' }, DURATION);
      const measured = await measureWithCpu(`${appUrl}${path}`, request, target.pid);
      rounds.push({ base, same, measured, ratio: measured.rps / base.rps });
    }
    rounds.sort((a, b) => a.ratio - b.ratio);
    // The median round (of an even number, the lower middle one), shown with all its figures.
    const { base: pairedBase, same: pairedSame, measured } = rounds[Math.floor((rounds.length - 1) / 2)]!;
    // One request at a time: what a single user waits for a page (the p95 ≤ 50 ms).
    const single = route.latency ? await measure(`${appUrl}${path}`, request, DURATION, 1) : null;
    const failed = rounds.reduce((sum, entry) => sum + entry.measured.errors, single?.errors ?? 0);
    const non2xx = rounds.reduce((sum, entry) => sum + entry.measured.non2xx, single?.non2xx ?? 0);
    const errors = `${failed}/${non2xx}`;
    rows.push([
      route.name,
      measured.rps.toFixed(0),
      ms(measured.p95),
      ms(measured.p99),
      (measured.rps / pairedBase.rps).toFixed(3),
      (measured.rps / pairedSame.rps).toFixed(3),
      String(answerBytes),
      (measured.rps / pairedBase.rps / fastifyRatio).toFixed(3),
      rounds.length > 1 ? `${rounds[0]!.ratio.toFixed(3)}–${rounds.at(-1)!.ratio.toFixed(3)}` : '',
      pairedBase.rps.toFixed(0),
      ms(measured.cpuPerRequest),
      single ? ms(single.p95) : '',
      errors,
    ]);
  }

  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
}

if (DATABASES.has('pglite')) {
  const embedded = await openDatabase({ kind: 'pglite' });
  await seed(embedded);
  // The app's process loads this dump; the seeding process lets go of its copy first.
  const dumpDir = mkdtempSync(join(tmpdir(), 'matchwerk-bench-db-'));
  const dumpFile = join(dumpDir, 'pglite.tar');
  writeFileSync(dumpFile, Buffer.from(await (await embedded.pglite!.dumpDataDir('none')).arrayBuffer()));
  await embedded.close();
  try {
    await runOn('PGlite, eingebettet', { kind: 'pglite', dumpFile });
  } finally {
    rmSync(dumpDir, { recursive: true, force: true });
  }
}

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (serverUrl && DATABASES.has('postgres')) {
  const name = await createDatabaseFromTemplate(serverUrl, 'template1');
  const url = databaseUrlFor(serverUrl, name);
  try {
    const database = await openDatabase({ kind: 'pg', url });
    try {
      await seed(database);
    } finally {
      await database.close();
    }
    await runOn('PostgreSQL', { kind: 'pg', url });
  } finally {
    await dropDatabase(serverUrl, name);
  }
}
await Promise.all([baseline.stop(), fastifyBaseline.stop(), sizedBaseline.stop(), replayBaseline.stop()]);
