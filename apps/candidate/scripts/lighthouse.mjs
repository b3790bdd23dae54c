/**
 * Lighthouse for the candidate app (issue 47): mobile, cold (a new browser and profile per run),
 * on Entdecken signed out and on the Stapel signed in, against a running server. Not part of
 * `npm test` (it needs a built, running app and takes minutes): run `npm start` with a PORT, then
 *
 *   LIGHTHOUSE_BASE_URL=http://127.0.0.1:4300 npm run lighthouse -w @matchwerk/candidate
 *
 * Chromium comes from CHROME_PATH (default /usr/bin/chromium), headless, without sandbox.
 * Prints a Markdown table (scores, LCP, installable) and exits 1 when a target is missed:
 * performance ≥ 95, accessibility 100, best practices 100, LCP ≤ 2.0 s, installable.
 * Installability is Chromium's own check (Page.getInstallabilityErrors) once the service worker
 * controls the page: Lighthouse 12 no longer has a PWA category.
 */
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const BASE = (process.env.LIGHTHOUSE_BASE_URL ?? 'http://127.0.0.1:4300').replace(/\/+$/, '');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const EMAIL = process.env.LIGHTHOUSE_EMAIL ?? 'bewerberin@matchwerk.example';
const PASSWORD = process.env.LIGHTHOUSE_PASSWORD ?? 'Matchwerk-Demo-2026';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);

/** The session cookie of the demo candidate, sent with every request of the signed-in run. */
async function sessionCookie() {
  const response = await fetch(`${BASE}/rest/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`Anmeldung fehlgeschlagen: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function installable(browser, url) {
  const page = await browser.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload({ waitUntil: 'load' });
  const controlled = await page.evaluate(() => Boolean(navigator.serviceWorker.controller));
  const client = await page.createCDPSession();
  const { installabilityErrors } = await client.send('Page.getInstallabilityErrors');
  await page.close();
  return { controlled, errors: installabilityErrors.map((error) => error.errorId) };
}

async function audit(name, path, headers) {
  const browser = await puppeteer.launch({
    executablePath: CHROME,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
  try {
    const page = await browser.newPage();
    const url = `${BASE}${path}`;
    const result = await lighthouse(
      url,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        ...(headers ? { extraHeaders: headers } : {}),
      },
      undefined,
      page,
    );
    const { categories, audits } = result.lhr;
    const failing = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    const install = await installable(browser, url);
    return {
      name,
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      bestPractices: Math.round(categories['best-practices'].score * 100),
      lcp: audits['largest-contentful-paint'].numericValue / 1000,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      installable: install.controlled && install.errors.length === 0,
      notes: [...failing, ...install.errors, ...(install.controlled ? [] : ['no-service-worker-control'])],
    };
  } finally {
    await browser.close();
  }
}

const cookie = await sessionCookie();
const rows = [];
for (let run = 0; run < RUNS; run += 1) {
  rows.push(await audit('Entdecken (abgemeldet)', '/app/#/entdecken'));
  rows.push(await audit('Stapel (angemeldet)', '/app/#/stapel', { Cookie: cookie }));
}

const fmt = (value, digits) => value.toFixed(digits).replace('.', ',');
console.log(
  '| Bildschirm | Performance | Barrierefreiheit | Best Practices | LCP | TBT | CLS | installierbar | Hinweise |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows)
  console.log(
    `| ${row.name} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${fmt(row.lcp, 2)} s | ${Math.round(row.tbt)} ms | ${fmt(row.cls, 3)} | ${row.installable ? 'ja' : 'nein'} | ${row.notes.join(', ') || '–'} |`,
  );
const missed = rows.filter(
  (row) =>
    row.performance < 95 || row.accessibility < 100 || row.bestPractices < 100 || row.lcp > 2 || !row.installable,
);
if (missed.length > 0) {
  console.error(`Ziel verfehlt: ${missed.map((row) => row.name).join(', ')}`);
  process.exitCode = 1;
}
