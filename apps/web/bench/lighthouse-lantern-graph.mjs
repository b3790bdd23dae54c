// What a simulated paint waits for. Lighthouse's simulation (Lantern) estimates LCP as the mean of
// an optimistic and a pessimistic graph of the requests and main-thread tasks before the observed
// paint. This script audits one run's saved artifacts (bench/lighthouse.mjs with
// LIGHTHOUSE_ARTIFACTS=<folder>) and prints both graphs in simulated time: each request with its
// bytes, each task with its observed length. Requests that end in the same round trip share a line's
// end time, so the steps show how many round trips the bytes take.
//
//   node bench/lighthouse-lantern-graph.mjs /tmp/lh-artifacts/Chat-1 [LargestContentfulPaint]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';

const [folder, metric = 'LargestContentfulPaint'] = process.argv.slice(2);
if (!folder) throw new Error('Usage: node bench/lighthouse-lantern-graph.mjs <artifacts folder> [metric]');
const artifactsFolder = path.resolve(folder);
const { settings } = JSON.parse(readFileSync(path.join(artifactsFolder, 'artifacts.json'), 'utf8'));
const result = await lighthouse(
  undefined,
  { auditMode: artifactsFolder, output: 'json', logLevel: 'error' },
  {
    extends: 'lighthouse:default',
    settings: { ...settings, auditMode: artifactsFolder, gatherMode: false },
    onlyAudits: ['first-contentful-paint', 'largest-contentful-paint'],
  },
);
const audits = result?.lhr.audits ?? {};
const seconds = (id) => ((audits[id]?.numericValue ?? Number.NaN) / 1000).toFixed(2);
console.log(`Simulated FCP ${seconds('first-contentful-paint')} s, LCP ${seconds('largest-contentful-paint')} s`);

/** A graph node as a line: a request's path and bytes, or a task's observed milliseconds. */
function describe(node) {
  if (node.type === 'network') {
    const request = node.request ?? node.record;
    return `${request.url.replace(/^https?:\/\/[^/]+/, '')} (${request.transferSize} B)`;
  }
  return `main thread, ${Math.round((node.duration ?? 0) / 1000)} ms observed`;
}

for (const [label, timings] of Lantern.Simulation.Simulator.allNodeTimings) {
  if (!label.endsWith(metric)) continue;
  const rows = [...timings.entries()].sort(([, a], [, b]) => a.startTime - b.startTime);
  const end = Math.max(...rows.map(([, timing]) => timing.endTime));
  console.log(`\n${label}: ${Math.round(end)} ms\n| start | end | node |\n| ---: | ---: | --- |`);
  for (const [node, timing] of rows)
    console.log(`| ${Math.round(timing.startTime)} | ${Math.round(timing.endTime)} | ${describe(node)} |`);
}
