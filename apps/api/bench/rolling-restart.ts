/**
 * `npm run bench:rolling-restart -w @matchwerk/api`: two API processes behind nginx on PostgreSQL
 * (BENCH_DATABASE_URL or TEST_DATABASE_URL) and Redis (REDIS_URL / TEST_REDIS_URL, default
 * redis://127.0.0.1:6379), under steady load: readers (current user) and writers (new postings).
 * Meanwhile each process in turn gets SIGTERM and is started again. Reports what clients saw
 * (answers by status, network errors), whether every acknowledged posting exists afterwards,
 * and how long each graceful shutdown took (issue #15: none lost, ≤ 10 s).
 *
 * ROLLING_READERS (default 6), ROLLING_WRITERS (default 2).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inArray } from 'drizzle-orm';
import { startNginx } from '../../../e2e/support/nginx';
import { openDatabase } from '../src/db/client';
import { vacancies } from '../src/db/schema/index';
import { vacancyInput } from '../src/testing/fixtures';
import { databaseUrlFor, dropDatabase, randomDatabaseName, withAdminClient } from '../src/testing/template';

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('BENCH_DATABASE_URL (or TEST_DATABASE_URL) must name a PostgreSQL server.');
const redisUrl = process.env.REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const READERS = Number(process.env.ROLLING_READERS ?? 6);
const WRITERS = Number(process.env.ROLLING_WRITERS ?? 2);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const lbPort = 4390;
const nodePorts = [4391, 4392];
const base = `http://127.0.0.1:${lbPort}`;
const EMPLOYER = { email: 'firma@matchwerk.example', password: 'Matchwerk-Demo-2026' };

const workDir = mkdtempSync(path.join(os.tmpdir(), 'matchwerk-rolling-'));
const databaseName = randomDatabaseName('mw_rolling');
const databaseUrl = databaseUrlFor(serverUrl, databaseName);

function startNode(port: number, seed: boolean): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATABASE_URL: databaseUrl,
      DEMO_MODE: '1',
      SEED_DEMO: seed ? '1' : '',
      REDIS_URL: redisUrl,
      TRUSTED_PROXIES: '127.0.0.1',
      AUTH_SECRET: 'rolling-restart-secret-0123456789-abcdefghijklmnop',
      UPLOAD_DIR: path.join(workDir, 'uploads'),
      DATA_DIR: workDir,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_IP: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitForReady(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`process for ${url} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/rest/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not become ready`);
}

/** SIGTERM, then the time until the process has exited (graceful shutdown). */
async function stopGracefully(child: ChildProcess): Promise<number> {
  const started = performance.now();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return performance.now() - started;
}

const outcomes = new Map<string, number>();
const count = (key: string) => outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
const acknowledged: string[] = [];
let running = true;

async function reader(cookie: string): Promise<void> {
  while (running) {
    try {
      const response = await fetch(`${base}/rest/users/current-user`, { headers: { cookie } });
      await response.arrayBuffer();
      count(`GET ${response.status}`);
    } catch (error) {
      count(
        `GET network error (${(error as Error).cause ? String((error as Error & { cause: { code?: string } }).cause.code) : (error as Error).message})`,
      );
    }
  }
}

async function writer(cookie: string, organizationId: string, index: number): Promise<void> {
  let n = 0;
  while (running) {
    n++;
    try {
      const response = await fetch(`${base}/rest/vacancy/${organizationId}`, {
        method: 'POST',
        headers: { cookie, origin: base, 'content-type': 'application/json' },
        body: JSON.stringify(vacancyInput({ title: `Rolling ${index}-${n}` })),
      });
      count(`POST ${response.status}`);
      if (response.status === 201)
        acknowledged.push(((await response.json()) as { vacancy: { id: string } }).vacancy.id);
      else await response.arrayBuffer();
    } catch (error) {
      count(`POST network error (${(error as Error).message})`);
    }
  }
}

async function main(): Promise<void> {
  await withAdminClient(serverUrl!, (client) => client.query(`CREATE DATABASE "${databaseName}"`));
  const nodes = [startNode(nodePorts[0]!, true)];
  await waitForReady(`http://127.0.0.1:${nodePorts[0]}`, nodes[0]!);
  nodes.push(startNode(nodePorts[1]!, false));
  await waitForReady(`http://127.0.0.1:${nodePorts[1]}`, nodes[1]!);
  const nginx = startNginx({
    port: lbPort,
    upstreams: nodePorts.map((port) => `127.0.0.1:${port}`),
    prefix: path.join(workDir, 'nginx'),
  });
  try {
    await waitForReady(base, nginx);
    const signIn = await fetch(`${base}/rest/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/json' },
      body: JSON.stringify(EMPLOYER),
    });
    if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((entry) => entry.split(';')[0])
      .join('; ');
    const me = (await (await fetch(`${base}/rest/users/current-user`, { headers: { cookie } })).json()) as {
      organizationId: string;
    };

    const load = [
      ...Array.from({ length: READERS }, () => reader(cookie)),
      ...Array.from({ length: WRITERS }, (_, index) => writer(cookie, me.organizationId, index)),
    ];
    const shutdowns: number[] = [];
    const startedAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    for (const [index, port] of nodePorts.entries()) {
      shutdowns.push(await stopGracefully(nodes[index]!));
      await new Promise((resolve) => setTimeout(resolve, 2000));
      nodes[index] = startNode(port, false);
      await waitForReady(`http://127.0.0.1:${port}`, nodes[index]);
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
    running = false;
    await Promise.all(load);
    const seconds = (performance.now() - startedAt) / 1000;

    const database = await openDatabase({ kind: 'pg', url: databaseUrl });
    const stored = new Set<string>();
    for (let start = 0; start < acknowledged.length; start += 1000) {
      const rows = await database.db
        .select({ id: vacancies.id })
        .from(vacancies)
        .where(inArray(vacancies.id, acknowledged.slice(start, start + 1000)));
      for (const row of rows) stored.add(row.id);
    }
    await database.close();
    const lost = acknowledged.filter((id) => !stored.has(id));

    const total = [...outcomes.values()].reduce((sum, value) => sum + value, 0);
    console.log(
      `\nRolling restart of 2 processes behind nginx under load (${READERS} readers, ${WRITERS} writers, ${seconds.toFixed(1)} s)`,
    );
    console.log('| Outcome | Requests |\n| --- | --- |');
    for (const [key, value] of [...outcomes.entries()].sort())
      console.log(`| ${key} | ${value.toLocaleString('en-US')} |`);
    console.log(`| total | ${total.toLocaleString('en-US')} |`);
    console.log(`Graceful shutdowns: ${shutdowns.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ')} (limit 10 s)`);
    console.log(
      `Acknowledged postings: ${acknowledged.length}, found afterwards: ${stored.size}, lost: ${lost.length}`,
    );
    const failures = [...outcomes.keys()].filter((key) => !/ 20[01]$/.test(key));
    if (lost.length > 0 || failures.length > 0 || shutdowns.some((ms) => ms > 10_000)) process.exitCode = 1;
  } finally {
    running = false;
    nginx.kill('SIGTERM');
    for (const node of nodes) if (node.exitCode === null) await stopGracefully(node);
    await dropDatabase(serverUrl!, databaseName);
    rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
