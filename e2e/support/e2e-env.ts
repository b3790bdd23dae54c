import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const basePort = Number(process.env.E2E_PORT ?? 3947);
const baseSmtpPort = Number(process.env.E2E_SMTP_PORT ?? 2947);
/** Scale-out mode: nginx on `port`, the two API processes on port + 20 and + 21 (support/cluster.ts; + 1 and + 10 are specs' own servers). */
const cluster = process.env.E2E_CLUSTER === '1';
/**
 * Playwright workers. Each has a server of its own (own database, Redis database, mail and data
 * folders), so two tests never see each other's data: the suite waits on the browser and the
 * server far more than it computes, and two at once halve its time (ADR 0123). Scale-out mode
 * runs its few tests against the one cluster.
 */
const workers = cluster ? 1 : Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const traceModes = ['off', 'on', 'retain-on-failure'] as const;
/** Playwright traces (E2E_TRACE): off unless asked for, see playwright.config.ts. */
const trace = traceModes.find((mode) => mode === (process.env.E2E_TRACE ?? 'off'));
if (!trace) throw new Error(`E2E_TRACE must be one of ${traceModes.join(', ')}`);

/** Playwright's artefacts (traces, screenshots); a run on another port keeps its own, as Playwright empties the folder at start. */
export const resultsDir = path.join(repoRoot, '.tmp', process.env.E2E_PORT ? `e2e-results-${basePort}` : 'e2e-results');

/** Everything one worker slot talks to; slot 0 keeps the ports and folders of a one-worker run. */
export function e2eEnvFor(slot: number) {
  const port = basePort + slot * 100;
  // Runs on other ports (several at once on one checkout) get their own data and mail folders.
  const tmpSuffix = process.env.E2E_PORT || slot > 0 ? `-${port}` : '';
  return {
    repoRoot,
    slot,
    port,
    smtpPort: baseSmtpPort + slot * 100,
    baseUrl: `http://localhost:${port}`,
    cluster,
    workers,
    trace,
    /** In scale-out mode: each API process directly (behind nginx at baseUrl). */
    nodeUrls: cluster ? [`http://127.0.0.1:${port + 20}`, `http://127.0.0.1:${port + 21}`] : [],
    /** The SMTP sink writes each received mail as JSON here; tests read them. */
    mailDir: path.join(repoRoot, '.tmp', `e2e-mail${tmpSuffix}`),
    dataDir: path.join(repoRoot, '.tmp', `e2e-data${tmpSuffix}`),
    /** Slot n uses Redis database n: the servers' cache and session keys stay apart. */
    redisUrl: redisUrlFor(slot),
    /** The built web app the server serves; E2E_WEB_DIST points a run at another build. */
    webDist: process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : path.join(repoRoot, 'apps/web/dist'),
    chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    demoPassword: 'Matchwerk-Demo-2026',
    /** The server's AUTH_SECRET (tests sign unsubscribe links with it). */
    authSecret: 'e2e-secret-that-is-long-enough-for-better-auth-0123456789',
  } as const;
}

function redisUrlFor(slot: number): string | undefined {
  const configured = process.env.TEST_REDIS_URL;
  if (!configured || slot === 0) return configured;
  const url = new URL(configured);
  url.pathname = `/${slot}`;
  return url.toString();
}

/**
 * Settings shared by the Playwright config, global setup and the tests. In a worker, Playwright
 * sets TEST_PARALLEL_INDEX (0 … workers − 1) before it loads the config and the tests.
 */
export const e2eEnv = e2eEnvFor(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
