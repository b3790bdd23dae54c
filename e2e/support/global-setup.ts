import type { ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startCluster } from './cluster';
import { e2eEnv, e2eEnvFor } from './e2e-env';
import { spawnServer } from './server-process';
import { startSmtpSink } from './smtp-sink';

/**
 * Starts, for each Playwright worker, a real SMTP sink and the real built server (web app + API on
 * one port) on a fresh database: embedded PGlite by default, a new PostgreSQL database when
 * TEST_DATABASE_URL is set; with E2E_CLUSTER=1 two servers behind nginx instead
 * (support/cluster.ts). Returns the teardown.
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
  // One server per Playwright worker (support/e2e-env.ts), started side by side.
  const stops = await Promise.all(Array.from({ length: e2eEnv.workers }, (_, slot) => startSlot(e2eEnvFor(slot))));
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}

/** SMTP sink, database and server (or, in scale-out mode, the cluster) of one worker slot. */
async function startSlot(env: ReturnType<typeof e2eEnvFor>): Promise<() => Promise<void>> {
  rmSync(env.mailDir, { recursive: true, force: true });
  rmSync(env.dataDir, { recursive: true, force: true });

  const smtp = await startSmtpSink(env.smtpPort, env.mailDir);
  const database = await createDatabaseIfRequested(env.slot);
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(env.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: env.baseUrl,
    DATA_DIR: env.dataDir,
    WEB_DIST: env.webDist,
    SMTP_URL: `smtp://127.0.0.1:${env.smtpPort}`,
    AUTH_SECRET: env.authSecret,
    VAPID_PUBLIC_KEY: 'BCSY91y3GFvJYWibVlaZGb7tVeXbWP7vQqBmHJdfrVqYvcTVVtO4XC2GOjFnEzuYUxfL4PsN_SaiolAZKS60l9o',
    VAPID_PRIVATE_KEY: 'gj1XbUtvx1gG9pEycmq2Gt91QxggxYjqOETsM1st6VA',
    VAPID_SUBJECT: 'mailto:support@matchwerk.example',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_IP: '1000',
    SIGNUP_LIMIT_PER_RANGE: '1000',
    SIGNUP_LIMIT_PER_RANGE_PER_DAY: '1000',
    ...(database ? { DATABASE_URL: database.url, SEED_DEMO: '1' } : { DATABASE_URL: '' }),
    ...(database && env.redisUrl ? { REDIS_URL: env.redisUrl } : {}),
  };
  const closeSinkAndDatabase = async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await database?.drop();
  };

  if (env.cluster) {
    const redisUrl = env.redisUrl;
    if (!database || !redisUrl)
      throw new Error('E2E_CLUSTER=1 needs TEST_DATABASE_URL and TEST_REDIS_URL (shared PostgreSQL and Redis).');
    const cluster = await startCluster({ databaseUrl: database.url, redisUrl, serverEnv, waitForReady });
    process.env.E2E_DATABASE_URL = database.url;
    return async () => {
      await cluster.stop();
      await closeSinkAndDatabase();
    };
  }

  const server = spawnServer(serverEnv, ['ignore', 'inherit', 'inherit']);
  await waitForReady(server, env.baseUrl);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve).once('error', resolve));
    await closeSinkAndDatabase();
  };
}

async function waitForReady(server: ChildProcess, baseUrl: string): Promise<void> {
  // E2E_READY_TIMEOUT_MS: a longer wait on a crowded machine (the demo seed can take minutes there).
  const waitMs = Number(process.env.E2E_READY_TIMEOUT_MS ?? 120_000);
  const deadline = Date.now() + waitMs;
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
  throw new Error(`The server did not become ready within ${Math.round(waitMs / 1000)} s.`);
}

async function createDatabaseIfRequested(slot: number): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return null;
  const name = `matchwerk_e2e_${Date.now()}_${slot}`;
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
