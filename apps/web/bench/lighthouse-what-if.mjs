// What would a page score if some of its files were smaller? Lighthouse's simulation (Lantern)
// computes FCP and LCP from a trace and a network log taken at full speed. This script takes one
// run's saved artifacts (bench/lighthouse.mjs with LIGHTHOUSE_ARTIFACTS=<folder>), scales the
// bytes of the requests whose URL matches, and lets Lighthouse simulate the same load again. It
// measures the payoff of a change before it is made, e.g. a chunk that would leave the first paint.
//
//   node bench/lighthouse-what-if.mjs /tmp/lh-artifacts/Stellenangebote-1 'regions-=0' 'form-kit-=0.5'
//
// Each argument after the folder is <regular expression>=<factor>; the first matching one applies.
// The script prints the page as it was measured and as it would be, from the same artifacts; the
// CPU work of the changed files stays as measured, so the figures are the network's share only.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';

const [folder, ...rules] = process.argv.slice(2);
if (!folder) throw new Error('Usage: node bench/lighthouse-what-if.mjs <artifacts folder> [<regexp>=<factor> …]');
const scalings = rules.map((rule) => {
  const at = rule.lastIndexOf('=');
  const factor = Number(rule.slice(at + 1));
  if (at <= 0 || !(factor >= 0)) throw new Error(`"${rule}" is not <regular expression>=<factor ≥ 0>.`);
  return { pattern: new RegExp(rule.slice(0, at)), factor };
});

const LOG_FILE = 'defaultPass.devtoolslog.json';

/** The network log with the matching requests' bytes scaled; answers the log and what changed. */
function scaledLog(events) {
  const urls = new Map();
  for (const event of events)
    if (event.method === 'Network.requestWillBeSent') urls.set(event.params.requestId, event.params.request.url);
  const changed = new Map();
  const factorOf = (requestId) => scalings.find((scaling) => scaling.pattern.test(urls.get(requestId) ?? ''))?.factor;
  const scale = (requestId, bytes) => {
    const factor = factorOf(requestId);
    if (factor === undefined || typeof bytes !== 'number') return bytes;
    // At least a byte: a request that transferred nothing would read as served from the cache.
    return Math.max(1, Math.round(bytes * factor));
  };
  const result = events.map((event) => {
    const { method, params } = event;
    if (method === 'Network.loadingFinished') {
      const before = params.encodedDataLength;
      const after = scale(params.requestId, before);
      if (after !== before) changed.set(urls.get(params.requestId), [before, after]);
      return { ...event, params: { ...params, encodedDataLength: after } };
    }
    if (method === 'Network.dataReceived')
      return { ...event, params: { ...params, encodedDataLength: scale(params.requestId, params.encodedDataLength) } };
    if (method === 'Network.responseReceived' && factorOf(params.requestId) !== undefined) {
      const response = {
        ...params.response,
        encodedDataLength: scale(params.requestId, params.response.encodedDataLength),
      };
      return { ...event, params: { ...params, response } };
    }
    return event;
  });
  return { events: result, changed };
}

async function simulate(artifactsFolder) {
  // Lighthouse refuses settings that differ from the gathering's (the session cookie, the CPU
  // multiplier): audit with the saved ones.
  const { settings } = JSON.parse(readFileSync(path.join(artifactsFolder, 'artifacts.json'), 'utf8'));
  const result = await lighthouse(
    undefined,
    { auditMode: artifactsFolder, output: 'json', logLevel: 'error' },
    { extends: 'lighthouse:default', settings: { ...settings, auditMode: artifactsFolder, gatherMode: false } },
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${artifactsFolder}`);
  const audit = (id) => result.lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((result.lhr.categories.performance.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    kib: audit('total-byte-weight') / 1024,
  };
}

const copy = mkdtempSync(path.join(tmpdir(), 'lighthouse-what-if-'));
try {
  cpSync(folder, copy, { recursive: true });
  const { events, changed } = scaledLog(JSON.parse(readFileSync(path.join(folder, LOG_FILE), 'utf8')));
  writeFileSync(path.join(copy, LOG_FILE), JSON.stringify(events));
  const before = await simulate(path.resolve(folder));
  const after = await simulate(copy);
  for (const [url, [from, to]] of changed) console.log(`${url}: ${from} → ${to} bytes`);
  const row = (name, r) =>
    `| ${name} | ${r.score} | ${(r.fcp / 1000).toFixed(2)} s | ${(r.lcp / 1000).toFixed(2)} s | ${Math.round(r.tbt)} ms | ${Math.round(r.kib)} KiB |`;
  console.log('\n| | Performance | FCP | LCP | TBT | Transferred |\n| --- | --- | --- | --- | --- | --- |');
  console.log(row('as measured', before));
  console.log(row(rules.join(' ') || 'unchanged', after));
} finally {
  rmSync(copy, { recursive: true, force: true });
}
