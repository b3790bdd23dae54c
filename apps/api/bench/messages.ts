/**
 * `npm run bench:messages -w @matchwerk/api`: sending chat messages (POST, a fresh clientMessageId
 * every request) on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL), issue #12: ≥ 2,000/s.
 *
 * Two cases, each with the load generator in a process of its own (bench/load-generator.ts):
 * - one chat: every request into the same chat. Messages of one chat are numbered under the chat
 *   row's lock until commit (seq order = commit order, ADR 0010), so this case is bound by one
 *   commit (WAL flush) after another, whatever the statement costs;
 * - many chats of one organisation: candidates of the bench organisation (bench/marketplace-volume.ts)
 *   each writing into their own chat, Bearer tokens rotated per request; each message also asks
 *   pg-boss for the organisation's notification mail, as the server does;
 * - many organisations: as many companies, each writing to the same candidate (one chat each),
 *   tokens rotated — what many people chatting on the platform cause.
 * BENCH_SECONDS (default 10), BENCH_CONNECTIONS (comma list, default 10,32), BENCH_CHATS (default 80).
 * Diagnosis only: BENCH_WITHOUT_STATISTICS_TRIGGER=1 disables the statistics trigger on messages
 * (migration 0007, ADR 0026) to show what it costs; it counts every message into one row per
 * organisation and day, which all messages of an organisation wait for until their commit.
 */
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { createBoss } from '../src/jobs/boss';
import { createQueuedNotificationEvents, QUEUES } from '../src/jobs/notification-jobs';
import { authSessions, authUsers, chats, legalAcceptances, organizations, users } from '../src/db/schema/index';
import { legalAcceptanceRows } from '../src/modules/users/legal-acceptances';
import { SESSION_LIFETIME } from '../src/plugins/auth-config';
import { seedDemoData, DEMO_PASSWORD } from '../src/seed/demo-data';
import { createDatabaseFromTemplate, databaseUrlFor, dropDatabase } from '../src/testing/template';
import { BENCH_PUBLIC_URL, benchAppDeps } from './bench-app';
import type { LoadJob, LoadResult } from './load-job';
import {
  addMarketplaceVolume,
  MARKETPLACE_VOLUME_CHAT_APPLICANT_ID,
  MARKETPLACE_VOLUME_DEFAULTS,
  MARKETPLACE_VOLUME_ORGANIZATION_ID,
  MARKETPLACE_VOLUME_USER,
} from './marketplace-volume';

const REGIONS = ['SINDELFINGEN', 'HORB', 'LICHTENFELS', 'ESSLINGEN', 'SOEST'] as const;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,32').split(',').map(Number);
const CHATS = Math.min(Number(process.env.BENCH_CHATS ?? 80), MARKETPLACE_VOLUME_DEFAULTS.applicants);

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

// '{{uuid}}' becomes a new UUID in every request (FRESH_UUID in bench/load-job.ts).
const body = JSON.stringify({
  text: 'Guten Tag, passt Ihnen Dienstag um 10 Uhr für ein Kennenlernen?',
  clientMessageId: '{{uuid}}',
});

const name = await createDatabaseFromTemplate(serverUrl, 'template1');
const database = await openDatabase({ kind: 'pg', url: databaseUrlFor(serverUrl, name) });
const folder = mkdtempSync(path.join(os.tmpdir(), 'matchwerk-bench-messages-'));
try {
  await database.migrate();
  await seedDemoData(database.db);
  await addMarketplaceVolume(database.db);
  if (process.env.BENCH_WITHOUT_STATISTICS_TRIGGER === '1')
    await database.db.execute(sql`alter table messages disable trigger statistics_messages_inserted`);
  // The candidates 1 … CHATS get a chat with the bench organisation and a session each (candidate 0 has the long chat).
  const applicantIds = Array.from(
    { length: CHATS },
    (_, index) => `bench-applicant-${String(index).padStart(4, '0')}`,
  ).filter((id) => id !== MARKETPLACE_VOLUME_CHAT_APPLICANT_ID);
  await database.db
    .insert(chats)
    .values(applicantIds.map((applicantId) => ({ organizationId: MARKETPLACE_VOLUME_ORGANIZATION_ID, applicantId })));
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME.expiresIn * 1000);
  const tokens = applicantIds.map(() => randomBytes(24).toString('base64url'));
  await database.db
    .insert(authSessions)
    .values(applicantIds.map((userId, index) => ({ id: randomUUID(), token: tokens[index]!, userId, expiresAt })));
  const tokensFile = path.join(folder, 'tokens.txt');
  writeFileSync(tokensFile, tokens.join('\n'));
  // As many companies with one user and a chat with candidate 0 each.
  const companies = applicantIds.map((_, index) => ({
    organizationId: randomUUID(),
    userId: `bench-company-user-${index}`,
    token: randomBytes(24).toString('base64url'),
  }));
  const signed = new Date();
  await database.db.insert(organizations).values(
    companies.map(({ organizationId }, index) => ({
      id: organizationId,
      name: `Chat Bench ${index} GmbH`,
      region: REGIONS[index % REGIONS.length]!,
    })),
  );
  await database.db.insert(authUsers).values(
    companies.map(({ userId }) => ({
      id: userId,
      name: 'Bench Firma',
      email: `${userId}@bench.matchwerk.example`,
      emailVerified: true,
    })),
  );
  await database.db.insert(users).values(
    companies.map(({ userId, organizationId }) => ({
      id: userId,
      type: 'ORGANIZATION' as const,
      organizationId,
      privacyStatementSignedAt: signed,
      termsAndConditionsSignedAt: signed,
    })),
  );
  // The current legal texts accepted (ADR 0037): without them every send is refused with 403.
  await database.db
    .insert(legalAcceptances)
    .values(companies.flatMap(({ userId }) => legalAcceptanceRows(userId, signed)));
  await database.db
    .insert(chats)
    .values(
      companies.map(({ organizationId }) => ({ organizationId, applicantId: MARKETPLACE_VOLUME_CHAT_APPLICANT_ID })),
    );
  await database.db.insert(authSessions).values(
    companies.map(({ userId, token: companyToken }) => ({
      id: randomUUID(),
      token: companyToken,
      userId,
      expiresAt,
    })),
  );
  const companyTokensFile = path.join(folder, 'company-tokens.txt');
  writeFileSync(companyTokensFile, companies.map((company) => company.token).join('\n'));

  // A candidate's message enqueues the organisation's notification mail, as in server.ts (no
  // worker runs here: the jobs stay queued, so every later message finds one waiting).
  const boss = createBoss({ database, databaseUrl: databaseUrlFor(serverUrl, name) });
  await boss.start();
  await boss.createQueue(QUEUES.immediate, { name: QUEUES.immediate, policy: 'short' });
  const { app } = await buildApp({
    ...benchAppDeps(database),
    notificationEvents: createQueuedNotificationEvents(boss),
  });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = await fetch(`${appUrl}/rest/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BENCH_PUBLIC_URL },
    body: JSON.stringify({ email: MARKETPLACE_VOLUME_USER, password: DEMO_PASSWORD }),
  });
  const { token } = (await signIn.json()) as { token: string };

  const cases: { name: string; job: Omit<LoadJob, 'connections' | 'seconds'> }[] = [
    {
      name: 'ein Chat (Unternehmen)',
      job: {
        url: `${appUrl}/rest/messages/${MARKETPLACE_VOLUME_CHAT_APPLICANT_ID}`,
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
      },
    },
    {
      name: `${applicantIds.length} Chats (Bewerber, Token je Anfrage)`,
      job: {
        url: `${appUrl}/rest/applicant/chats/${MARKETPLACE_VOLUME_ORGANIZATION_ID}/messages`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        tokensFile,
      },
    },
    {
      name: `${companies.length} Unternehmen (je ein Chat, Token je Anfrage)`,
      job: {
        url: `${appUrl}/rest/messages/${MARKETPLACE_VOLUME_CHAT_APPLICANT_ID}`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        tokensFile: companyTokensFile,
      },
    },
  ];
  const rows: string[][] = [['Fall', 'Verbindungen', 'req/s', 'p95 (ms)', 'p99 (ms)', 'Fehler/non-2xx']];
  console.log(`\nNachricht senden (PostgreSQL, ${SECONDS} s je Messung nach 2 s Aufwärmen)`);
  for (const { name: caseName, job } of cases) {
    for (const connections of CONNECTIONS) {
      await measure({ ...job, connections, seconds: 2 });
      const result = await measure({ ...job, connections, seconds: SECONDS });
      rows.push([
        caseName,
        String(connections),
        result.rps.toFixed(0),
        result.p95.toFixed(1),
        result.p99.toFixed(1),
        `${result.errors}/${result.non2xx}`,
      ]);
    }
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
  await app.close();
  await boss.stop({ graceful: false, wait: true });
} finally {
  rmSync(folder, { recursive: true, force: true });
  await database.close();
  await dropDatabase(serverUrl, name);
}
