import { defineConfig, devices } from '@playwright/test';
import { e2eEnv, resultsDir } from './support/e2e-env';

/**
 * End-to-end tests drive Debian's Chromium against the real built server (started in
 * global setup on a fresh database, with a real SMTP sink). Each worker has a server and
 * database of its own (support/e2e-env.ts); the tests of one file run in order on one worker.
 */
export default defineConfig({
  testDir: './tests',
  // Needs two API processes behind nginx: only in scale-out mode (E2E_CLUSTER=1, npm run test:cluster).
  testIgnore: e2eEnv.cluster ? [] : ['**/scale-out.spec.ts'],
  // Scale-out mode runs the scale-out spec and the smoke set: what crosses processes (sessions,
  // caches, chat, uploads), not every screen a second time.
  ...(e2eEnv.cluster ? { grep: /@cluster|@smoke/ } : {}),
  fullyParallel: false,
  workers: e2eEnv.workers,
  forbidOnly: true,
  retries: 0,
  // Guards against hangs, not speed limits: in CI the suite shares 2 cores with lint and the API
  // suite, and a page reload there took more than 10 s (stop 54).
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  globalSetup: './support/global-setup.ts',
  outputDir: resultsDir,
  use: {
    ...devices['Desktop Chrome'],
    baseURL: e2eEnv.baseUrl,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    // No trace by default: recording one (a screencast and DOM snapshots of every step) cost 40 % of
    // the suite's CPU (142 s against 86 s for postings + help, stop 55), and on 2 cores the CPU is the
    // suite's time. A failure keeps its screenshot and page snapshot; E2E_TRACE=retain-on-failure
    // records traces when a failure needs one.
    trace: e2eEnv.trace,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: e2eEnv.chromiumPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
