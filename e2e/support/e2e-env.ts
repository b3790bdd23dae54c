import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const port = Number(process.env.E2E_PORT ?? 3947);
// Runs on other ports (several at once on one checkout) get their own data and mail folders.
const tmpSuffix = process.env.E2E_PORT ? `-${port}` : '';
/** Scale-out mode: nginx on `port`, the two API processes on port + 20 and + 21 (support/cluster.ts; + 1 and + 10 are specs' own servers). */
const cluster = process.env.E2E_CLUSTER === '1';

/** Settings shared by the Playwright config, global setup and the tests (all processes). */
export const e2eEnv = {
  repoRoot,
  port,
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? 2947),
  baseUrl: `http://localhost:${port}`,
  cluster,
  /** In scale-out mode: each API process directly (behind nginx at baseUrl). */
  nodeUrls: cluster ? [`http://127.0.0.1:${port + 20}`, `http://127.0.0.1:${port + 21}`] : [],
  /** The SMTP sink writes each received mail as JSON here; tests read them. */
  mailDir: path.join(repoRoot, '.tmp', `e2e-mail${tmpSuffix}`),
  dataDir: path.join(repoRoot, '.tmp', `e2e-data${tmpSuffix}`),
  /** The built web app the server serves; E2E_WEB_DIST points a run at another build. */
  webDist: process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : path.join(repoRoot, 'apps/web/dist'),
  chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  demoPassword: 'Matchwerk-Demo-2026',
  /** The server's AUTH_SECRET (tests sign unsubscribe links with it). */
  authSecret: 'e2e-secret-that-is-long-enough-for-better-auth-0123456789',
} as const;
