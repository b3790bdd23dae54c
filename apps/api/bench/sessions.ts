/**
 * `npm run bench:sessions -w @matchwerk/api`: many distinct sessions polling their chats, on
 * PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL). Issue #12: 50,000 sessions polling every
 * 5 s (10,000 polls/s offered), p99 ≤ 50 ms — or the highest session count that holds it.
 *
 * Candidates with one chat each (with the demo company firma@) and one session each are
 * bulk-inserted; the load generator (a process of its own, bench/load-generator.ts) offers polls
 * at SESSIONS / INTERVAL per second, each with the next session's token (round-robin), so every
 * session polls once per interval. One interval of warm-up first (every session looked up once),
 * then the measurement, long enough for the session cache's entries (2 min, jittered) to expire
 * and be looked up again under load.
 *
 * BENCH_SESSIONS (comma list, default 10000,25000,50000), BENCH_POLL_INTERVAL (s, default 5),
 * BENCH_SECONDS (default 150), BENCH_CONNECTIONS (default: one per 100 polls/s, 4–100).
 */
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { authSessions, authUsers, chats, users } from '../src/db/schema/index';
import { SESSION_LIFETIME } from '../src/plugins/auth-config';
import { seedDemoData } from '../src/seed/demo-data';
import { createDatabaseFromTemplate, databaseUrlFor, dropDatabase } from '../src/testing/template';
import { benchAppDeps } from './bench-app';
import type { LoadJob, LoadResult } from './load-job';

const SESSIONS = (process.env.BENCH_SESSIONS ?? '10000,25000,50000').split(',').map(Number);
const INTERVAL = Number(process.env.BENCH_POLL_INTERVAL ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 150);
/** Connections: enough for the rate, few enough that each sends often (100 connections sending twice a second would arrive in bursts). */
const connectionsFor = (rate: number) =>
  Number(process.env.BENCH_CONNECTIONS ?? Math.min(100, Math.max(4, Math.round(rate / 100))));
const TARGET_P99_MS = 50;

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('BENCH_DATABASE_URL (or TEST_DATABASE_URL) must name a PostgreSQL server');

const execFileAsync = promisify(execFile);
const LOAD_GENERATOR = fileURLToPath(new URL('./load-generator.ts', import.meta.url));

async function measure(job: LoadJob): Promise<LoadResult> {
  const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', LOAD_GENERATOR, JSON.stringify(job)], {
    maxBuffer: 1024 * 1024,
  });
  return JSON.parse(stdout) as LoadResult;
}

/** Adds candidates with a chat with the organisation and a session each; answers their tokens. */
async function addPollingCandidates(
  database: DatabaseHandle,
  organizationId: string,
  count: number,
): Promise<string[]> {
  const tokens: string[] = [];
  // Fresh sign-ins: not yet due for better-auth's sliding refresh, which would add an update per lookup.
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME.expiresIn * 1000);
  for (let start = 0; start < count; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - start) }, (_, index) => ({
      id: randomUUID(),
      email: `poll-${start + index}-${randomUUID().slice(0, 8)}@bench.example`,
      token: randomBytes(24).toString('base64url'),
    }));
    await database.db.transaction(async (tx) => {
      await tx
        .insert(authUsers)
        .values(batch.map(({ id, email }) => ({ id, email, name: 'Bench Kandidat', emailVerified: true })));
      const signed = new Date();
      await tx.insert(users).values(
        batch.map(({ id }) => ({
          id,
          type: 'APPLICANT' as const,
          regions: [],
          privacyStatementSignedAt: signed,
          termsAndConditionsSignedAt: signed,
        })),
      );
      await tx.insert(chats).values(batch.map(({ id }) => ({ organizationId, applicantId: id })));
      await tx.insert(authSessions).values(
        batch.map(({ id, token }) => ({
          id: randomUUID(),
          token,
          userId: id,
          expiresAt,
          createdAt: signed,
          updatedAt: signed,
        })),
      );
    });
    tokens.push(...batch.map((entry) => entry.token));
  }
  return tokens;
}

const name = await createDatabaseFromTemplate(serverUrl, 'template1');
const database = await openDatabase({ kind: 'pg', url: databaseUrlFor(serverUrl, name) });
const folder = mkdtempSync(path.join(os.tmpdir(), 'matchwerk-bench-sessions-'));
try {
  await database.migrate();
  await seedDemoData(database.db);
  const [company] = await database.db
    .select({ organizationId: users.organizationId })
    .from(users)
    .innerJoin(authUsers, eq(authUsers.id, users.id))
    .where(eq(authUsers.email, 'firma@matchwerk.example'));
  const organizationId = company?.organizationId;
  if (!organizationId) throw new Error('the demo data has no firma@ company');
  const { app } = await buildApp({
    ...benchAppDeps(database),
  });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `${appUrl}/rest/applicant/chats/${organizationId}/polling?since=0`;

  const rows: string[][] = [
    [
      'Sitzungen',
      'Verbindungen',
      'angeboten/s',
      'erreicht/s',
      'p95 (ms)',
      'p99 (ms)',
      `p99 ≤ ${TARGET_P99_MS} ms`,
      'Fehler/non-2xx',
    ],
  ];
  console.log(
    `\nSitzungen, die alle ${INTERVAL} s ihren Chat abfragen (PostgreSQL, ${SECONDS} s Messung nach ${INTERVAL} s Aufwärmen)`,
  );
  const tokens: string[] = [];
  for (const sessions of [...SESSIONS].sort((a, b) => a - b)) {
    tokens.push(...(await addPollingCandidates(database, organizationId, sessions - tokens.length)));
    const tokensFile = path.join(folder, `tokens-${sessions}.txt`);
    writeFileSync(tokensFile, tokens.join('\n'));
    const rate = Math.round(sessions / INTERVAL);
    const connections = connectionsFor(rate);
    const job: LoadJob = {
      url,
      method: 'GET',
      headers: { accept: 'application/json' },
      seconds: INTERVAL,
      connections,
      overallRate: rate,
      tokensFile,
    };
    await measure(job);
    const result = await measure({ ...job, seconds: SECONDS });
    rows.push([
      String(sessions),
      String(connections),
      String(rate),
      result.rps.toFixed(0),
      result.p95.toFixed(1),
      result.p99.toFixed(1),
      result.p99 <= TARGET_P99_MS ? 'ja' : 'nein',
      `${result.errors}/${result.non2xx}`,
    ]);
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
  await app.close();
} finally {
  rmSync(folder, { recursive: true, force: true });
  await database.close();
  await dropDatabase(serverUrl, name);
}
