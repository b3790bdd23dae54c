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
// LIGHTHOUSE_JSON=<file> writes the medians, LIGHTHOUSE_REPORTS=<folder> every run's full report,
// LIGHTHOUSE_ARTIFACTS=<folder> every run's trace and network log (a folder per run), which
// bench/lighthouse-what-if.mjs simulates again with some requests made smaller.
// LIGHTHOUSE_DEPLOYED=1 measures as docs/deploy.md deploys: nginx in front, TLS (a throwaway
// self-signed certificate) and HTTP/2, so the browser fetches a screen's modules over one
// multiplexed connection instead of six HTTP/1.1 connections.
// LIGHTHOUSE_THROTTLING=devtools slows the page down for real (Chrome's network and CPU throttling)
// instead of simulating from a trace taken at full speed: slower and noisier, but what it shows
// happened, e.g. what starting a request a round trip earlier saves.
// LIGHTHOUSE_CPU_SLOWDOWN=calibrated sets the CPU slowdown from this machine's benchmarkIndex, as
// Lighthouse's docs/throttling.md advises when the host is not the high-end desktop its default 4×
// assumes (docs/performance.md, stop 34); a number sets it directly. Every table names the
// multiplier and the index: figures of machines with different indexes are not comparable.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as lighthouseConstants from 'lighthouse/core/config/constants.js';
import { freePort, repoRoot, signInDemoEmployer, startDemoServer } from './demo-server.mjs';

const webDist = path.resolve(process.env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'));
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const jsonOut = process.env.LIGHTHOUSE_JSON;
// A folder for every run's full Lighthouse report (JSON), to look into what a page loads.
const reportDir = process.env.LIGHTHOUSE_REPORTS;
const artifactsDir = process.env.LIGHTHOUSE_ARTIFACTS;
const deployed = process.env.LIGHTHOUSE_DEPLOYED === '1';
// The throwaway certificate of the deployed mode is self-signed (Node's fetch and Chromium accept it for this run only).
if (deployed) process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
const mobileThrottling = lighthouseConstants.throttling.mobileSlow4G;

/**
 * nginx as docs/deploy.md sets it up (TLS, HTTP/2, proxy to the app), with a self-signed
 * certificate made for this run. Returns the https URL and a stop function.
 */
async function startDeployedProxy(appPort, dir) {
  const port = await freePort();
  const key = path.join(dir, 'tls.key');
  const certificate = path.join(dir, 'tls.crt');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { stdio: 'ignore' },
  );
  // nginx's worker runs as "nobody" and must reach its temp folders inside the run's folder.
  chmodSync(dir, 0o755);
  for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(path.join(dir, temp));
    chmodSync(path.join(dir, temp), 0o777);
  }
  const config = path.join(dir, 'nginx.conf');
  writeFileSync(
    config,
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream matchwerk { server 127.0.0.1:${appPort}; keepalive 16; }
  server {
    listen 127.0.0.1:${port} ssl http2;
    ssl_certificate ${certificate};
    ssl_certificate_key ${key};
    location / {
      proxy_pass http://matchwerk;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`,
  );
  const nginx = spawn(process.env.NGINX_PATH ?? '/usr/sbin/nginx', ['-p', dir, '-c', config], { stdio: 'inherit' });
  const stop = async () => {
    if (nginx.exitCode === null) {
      nginx.kill('SIGTERM');
      await new Promise((resolve) => nginx.once('exit', resolve));
    }
  };
  return { url: `https://127.0.0.1:${port}`, stop };
}

async function startServer() {
  const port = Number(process.env.PORT ?? (await freePort()));
  const certificateDir = mkdtempSync(path.join(tmpdir(), 'matchwerk-lighthouse-'));
  const proxy = deployed ? await startDeployedProxy(port, certificateDir) : null;
  const server = await startDemoServer({
    webDist,
    port,
    publicUrl: proxy?.url,
    // LIGHTHOUSE_SERVER_TIMEOUT_MS: a busy shared machine needs longer for the first start.
    timeoutMs: Number(process.env.LIGHTHOUSE_SERVER_TIMEOUT_MS ?? 120_000),
  }).catch(async (error) => {
    await proxy?.stop();
    throw error;
  });
  const stop = async () => {
    await proxy?.stop();
    await server.stop();
    rmSync(certificateDir, { recursive: true, force: true });
  };
  return { baseUrl: proxy?.url ?? server.appUrl, stop };
}

async function signIn(baseUrl) {
  const { cookies, applicantId } = await signInDemoEmployer(baseUrl);
  return { cookie: cookies.join('; '), applicantId };
}

/**
 * The CPU slowdown that makes this host a mid-tier phone, from its Lighthouse benchmarkIndex: the
 * breakpoints of Lighthouse's CPU throttling calculator (docs/throttling.md, "Calibrating the CPU
 * slowdown"): 150 → 1×, 800 → 2×, 1,300 → 3×, and one more × for every 233 above 1,300 (1,533 → 4×,
 * the default, which assumes a high-end desktop). Linear between the breakpoints.
 */
function calibratedCpuSlowdown(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 150) return 1;
  if (benchmarkIndex < 800) return 1 + (benchmarkIndex - 150) / 650;
  if (benchmarkIndex < 1300) return 2 + (benchmarkIndex - 800) / 500;
  return 3 + (benchmarkIndex - 1300) / 233;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * Chromium now and then records a trace without the navigation's start (NO_NAVSTART, seen on
 * fresh machines): such a run has no figures, and the same load again does.
 */
async function measure(url, port, cookie, reportName, cpuSlowdown, attempts = 3) {
  try {
    return await measureOnce(url, port, cookie, reportName, cpuSlowdown);
  } catch (error) {
    if (attempts <= 1 || !String(error).includes('NO_NAVSTART')) throw error;
    console.warn(`${reportName}: no navigation start in the trace, measuring again`);
    return measure(url, port, cookie, reportName, cpuSlowdown, attempts - 1);
  }
}

async function measureOnce(url, port, cookie, reportName, cpuSlowdown) {
  const flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'seo'] };
  if (cookie) flags.extraHeaders = { Cookie: cookie };
  if (process.env.LIGHTHOUSE_THROTTLING) flags.throttlingMethod = process.env.LIGHTHOUSE_THROTTLING;
  // Gather, save and audit in one run ("-GA").
  if (artifactsDir) flags.gatherMode = flags.auditMode = path.resolve(artifactsDir, reportName);
  // Without a config Lighthouse takes its mobile defaults; only the CPU multiplier is replaced.
  const config = cpuSlowdown
    ? {
        extends: 'lighthouse:default',
        settings: { throttling: { ...mobileThrottling, cpuSlowdownMultiplier: cpuSlowdown } },
      }
    : undefined;
  const result = await lighthouse(url, flags, config);
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
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** LIGHTHOUSE_CPU_SLOWDOWN: unset (Lighthouse's 4×), a number, or "calibrated" from a first run's index. */
async function chooseCpuSlowdown(url, port) {
  const setting = process.env.LIGHTHOUSE_CPU_SLOWDOWN;
  if (!setting) return undefined;
  if (setting !== 'calibrated') {
    const multiplier = Number(setting);
    if (!(multiplier >= 1))
      throw new Error(`LIGHTHOUSE_CPU_SLOWDOWN must be "calibrated" or a number ≥ 1, not "${setting}".`);
    return multiplier;
  }
  // The first run also warms the server; its figures are not counted.
  const { benchmarkIndex } = await measure(url, port, undefined, 'calibration');
  return Math.round(calibratedCpuSlowdown(benchmarkIndex) * 100) / 100;
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
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', ...(deployed ? ['--ignore-certificate-errors'] : [])],
  });
  const cpuSlowdown = await chooseCpuSlowdown(`${baseUrl}/#/login`, chrome.port);
  const results = [];
  const indexes = [];
  for (const page of pages) {
    const samples = [];
    for (let run = 0; run < runs; run += 1)
      samples.push(await measure(page.url, chrome.port, page.cookie, `${page.name}-${run + 1}`, cpuSlowdown));
    indexes.push(...samples.map((sample) => sample.benchmarkIndex));
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
  const index = median(indexes);
  console.log(
    `\nLighthouse ${runs}× per page, mobile, medians (${webDist}${deployed ? ', nginx + TLS + HTTP/2' : ', HTTP/1.1 direct'})`,
  );
  console.log(
    `CPU slowdown ${cpuSlowdown ?? mobileThrottling.cpuSlowdownMultiplier}× (${cpuSlowdown ? 'LIGHTHOUSE_CPU_SLOWDOWN' : "Lighthouse's default"}); ` +
      `benchmarkIndex ${Math.round(index)} (runs ${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))}), ` +
      `calibrated for it: ${calibratedCpuSlowdown(index).toFixed(2)}×\n`,
  );
  console.log('| Page | Performance (runs) | Accessibility | SEO | FCP | LCP | CLS | TBT | Transferred |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of results) {
    console.log(
      `| ${r.page} \`${r.url}\` | ${r.score} (${r.scores.join(', ')}) | ${r.accessibility} | ${r.seo} | ${(r.fcpMs / 1000).toFixed(2)} s | ${(r.lcpMs / 1000).toFixed(2)} s | ${r.cls.toFixed(3)} | ${Math.round(r.tbtMs)} ms | ${Math.round(r.kib)} KiB |`,
    );
  }
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ cpuSlowdown, benchmarkIndex: index, results }, null, 2));
} finally {
  await chrome?.kill();
  await stop();
}
