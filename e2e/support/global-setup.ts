import type { ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startCluster } from './cluster';
import { e2eEnv } from './e2e-env';
import { spawnServer } from './server-process';
import { startSmtpSink } from './smtp-sink';

/**
 * Starts a real SMTP sink and the real built server (web app + API on one port) on a fresh
 * database: embedded PGlite by default, a new PostgreSQL database when TEST_DATABASE_URL is set;
 * with E2E_CLUSTER=1 two servers behind nginx instead (support/cluster.ts). Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(e2eEnv.chromiumPath)) {
    throw new Error(
      `Chromium not found at ${e2eEnv.chromiumPath}: install it with "apt-get install -y chromium" or set CHROMIUM_PATH.`,
    );
  }
  if (!existsSync(path.join(e2eEnv.webDist, 'index.html'))) {
    throw new Error('The web app is not built: run "npm run build" first (npm run test:e2e does).');
  }
  rmSync(e2eEnv.mailDir, { recursive: true, force: true });
  rmSync(e2eEnv.dataDir, { recursive: true, force: true });

  const smtp = await startSmtpSink(e2eEnv.smtpPort, e2eEnv.mailDir);
  const database = await createDatabaseIfRequested();
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(e2eEnv.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: e2eEnv.baseUrl,
    DATA_DIR: e2eEnv.dataDir,
    WEB_DIST: e2eEnv.webDist,
    SMTP_URL: `smtp://127.0.0.1:${e2eEnv.smtpPort}`,
    AUTH_SECRET: e2eEnv.authSecret,
    LOG_LEVEL: 'warn',
    // Every test signs in from 127.0.0.1; the limit itself is covered by the API's route tests.
    AUTH_RATE_LIMIT_PER_IP: '1000',
    ...(database ? { DATABASE_URL: database.url, SEED_DEMO: '1' } : { DATABASE_URL: '' }),
    // On PostgreSQL the one server uses Redis too, when there is one, as production does.
    ...(database && process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
  };
  const closeSinkAndDatabase = async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await database?.drop();
  };

  if (e2eEnv.cluster) {
    const redisUrl = process.env.TEST_REDIS_URL;
    if (!database || !redisUrl)
      throw new Error('E2E_CLUSTER=1 needs TEST_DATABASE_URL and TEST_REDIS_URL (shared PostgreSQL and Redis).');
    const cluster = await startCluster({ databaseUrl: database.url, redisUrl, serverEnv, waitForReady });
    // Workers inherit it: the scale-out spec reads pg-boss's job table.
    process.env.E2E_DATABASE_URL = database.url;
    return async () => {
      await cluster.stop();
      await closeSinkAndDatabase();
    };
  }

  const server = spawnServer(serverEnv, ['ignore', 'inherit', 'inherit']);
  await waitForReady(server, e2eEnv.baseUrl);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve).once('error', resolve));
    await closeSinkAndDatabase();
  };
}

async function waitForReady(server: ChildProcess, baseUrl: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`The server exited with code ${server.exitCode} before it was ready.`);
    try {
      const response = await fetch(`${baseUrl}/rest/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill('SIGKILL');
  throw new Error('The server did not become ready within 120 s.');
}

async function createDatabaseIfRequested(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return null;
  const name = `matchwerk_e2e_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
