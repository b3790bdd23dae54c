// Lighthouse (mobile, simulated throttling) on the login, the vacancy list, a chat, the external
// preview of Lichtenfels (the SPA's and the server-rendered one) and a server-rendered public
// posting page, against the real built server on a fresh embedded database with the demo data
// (issues #12, #13). Performance, accessibility and SEO scores.
// LIGHTHOUSE_PAGES=Vorschau,Vorschauseite,Stellenseite measures only the pages named.
//
//   npm run bench:web                 (after npm run build; measures apps/web/dist)
//   WEB_DIST=/tmp/dist-web LIGHTHOUSE_RUNS=5 npm run bench:web
//
// Each page runs LIGHTHOUSE_RUNS times (default 3) and the table shows the medians: Lighthouse's
// simulated throttling is computed from an observed trace, so a busy machine moves single runs.
// The signed-in pages get the demo employer's session cookie as an extra header.
// LIGHTHOUSE_JSON=<file> writes the medians, LIGHTHOUSE_REPORTS=<folder> every run's full report.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const webDist = path.resolve(process.env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'));
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const jsonOut = process.env.LIGHTHOUSE_JSON;
// A folder for every run's full Lighthouse report (JSON), to look into what a page loads.
const reportDir = process.env.LIGHTHOUSE_REPORTS;
const DEMO_EMPLOYER = { email: 'firma@matchwerk.example', password: 'Matchwerk-Demo-2026' };

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = Number(process.env.PORT ?? (await freePort()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'matchwerk-lighthouse-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      // The embedded database in demo mode: demo data, mails in the demo outbox.
      DATABASE_URL: '',
      SMTP_URL: '',
      AUTH_SECRET: 'lighthouse-bench-secret-0123456789-0123456789',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // LIGHTHOUSE_SERVER_TIMEOUT_MS: a busy shared machine needs longer for the first start.
  const deadline = Date.now() + Number(process.env.LIGHTHOUSE_SERVER_TIMEOUT_MS ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode} before it was ready.`);
    try {
      if ((await fetch(`${baseUrl}/rest/ready`)).ok) return { baseUrl, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error('The server did not become ready in time (LIGHTHOUSE_SERVER_TIMEOUT_MS).');
}

async function signIn(baseUrl) {
  const response = await fetch(`${baseUrl}/rest/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify({ ...DEMO_EMPLOYER, rememberMe: false }),
  });
  if (!response.ok) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const chats = await fetch(`${baseUrl}/rest/messages`, { headers: { Cookie: cookie } });
  if (!chats.ok) throw new Error(`GET /rest/messages failed: ${chats.status}`);
  const { chats: list } = await chats.json();
  if (!list?.length) throw new Error('The demo employer has no chat.');
  return { cookie, applicantId: list[0].applicantId };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function measure(url, port, cookie, reportName) {
  const flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'seo'] };
  if (cookie) flags.extraHeaders = { Cookie: cookie };
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(path.join(reportDir, `${reportName}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    seo: Math.round((lhr.categories.seo.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbt: audit('total-blocking-time'),
    kib: audit('total-byte-weight') / 1024,
  };
}

const { baseUrl, stop } = await startServer();
let chrome;
try {
  const { cookie, applicantId } = await signIn(baseUrl);
  const publicList = await (await fetch(`${baseUrl}/rest/public/vacancies?region=LICHTENFELS&limit=1`)).json();
  const postingId = publicList.items?.[0]?.id;
  if (!postingId) throw new Error('Lichtenfels has no public posting.');
  const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
  const pages = [
    { name: 'Login', url: `${baseUrl}/#/login` },
    { name: 'Stellenangebote', url: `${baseUrl}/#/vacancies`, cookie },
    { name: 'Chat', url: `${baseUrl}/#/chat/${applicantId}`, cookie },
    { name: 'Vorschau', url: `${baseUrl}/#/vorschau-lichtenfels` },
    { name: 'Vorschauseite', url: `${baseUrl}/vorschau-lichtenfels` },
    { name: 'Stellenseite', url: `${baseUrl}/stellen/${postingId}` },
  ].filter((page) => !only || only.includes(page.name));
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const results = [];
  for (const page of pages) {
    const samples = [];
    for (let run = 0; run < runs; run += 1)
      samples.push(await measure(page.url, chrome.port, page.cookie, `${page.name}-${run + 1}`));
    const pick = (key) => median(samples.map((sample) => sample[key]));
    results.push({
      page: page.name,
      url: page.url.replace(baseUrl, ''),
      scores: samples.map((sample) => sample.score),
      score: pick('score'),
      accessibility: pick('accessibility'),
      seo: pick('seo'),
      fcpMs: pick('fcp'),
      lcpMs: pick('lcp'),
      cls: pick('cls'),
      tbtMs: pick('tbt'),
      kib: pick('kib'),
    });
  }
  console.log(`\nLighthouse ${runs}× per page, mobile, medians (${webDist})\n`);
  console.log('| Page | Performance (runs) | Accessibility | SEO | FCP | LCP | CLS | TBT | Transferred |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of results) {
    console.log(
      `| ${r.page} \`${r.url}\` | ${r.score} (${r.scores.join(', ')}) | ${r.accessibility} | ${r.seo} | ${(r.fcpMs / 1000).toFixed(2)} s | ${(r.lcpMs / 1000).toFixed(2)} s | ${r.cls.toFixed(3)} | ${Math.round(r.tbtMs)} ms | ${Math.round(r.kib)} KiB |`,
    );
  }
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify(results, null, 2));
} finally {
  await chrome?.kill();
  await stop();
}
