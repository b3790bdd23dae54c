#!/usr/bin/env node
/**
 * Line coverage per API module (apps/api/src/modules/<name>) from the json-summary that
 * `vitest run --coverage` writes; the rest of src/ is grouped by its top folder. Prints a table
 * and names the modules below the minimum (default 80 %, `--min 80`); it does not fail the run
 * (the per-module thresholds in apps/api/vitest.config.ts do).
 * Usage: node scripts/coverage-by-module.mjs [apps/api/coverage/coverage-summary.json] [--min 80]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const minIndex = args.indexOf('--min');
const min = minIndex >= 0 ? Number(args.splice(minIndex, 2)[1]) : 80;
const summaryFile = path.resolve(args[0] ?? 'apps/api/coverage/coverage-summary.json');
const summary = JSON.parse(readFileSync(summaryFile, 'utf8'));

const groups = new Map();
for (const [file, metrics] of Object.entries(summary)) {
  if (file === 'total') continue;
  const match = /\/src\/(modules\/[^/]+|[^/]+)(?:\/|$)/.exec(file.split(path.sep).join('/'));
  const group = match ? (match[1].includes('.') ? 'src (root files)' : match[1]) : 'other';
  const entry = groups.get(group) ?? { covered: 0, total: 0 };
  entry.covered += metrics.lines.covered;
  entry.total += metrics.lines.total;
  groups.set(group, entry);
}

const rows = [...groups].map(([group, { covered, total }]) => ({
  group,
  covered,
  total,
  pct: total ? (100 * covered) / total : 100,
}));
rows.sort(
  (a, b) =>
    Number(b.group.startsWith('modules/')) - Number(a.group.startsWith('modules/')) || a.group.localeCompare(b.group),
);
const width = Math.max(...rows.map((row) => row.group.length), 6);
console.log(`${'Module'.padEnd(width)}  Lines %  covered/total`);
for (const row of rows) {
  const flag = row.group.startsWith('modules/') && row.pct < min ? `  < ${min} %` : '';
  console.log(
    `${row.group.padEnd(width)}  ${row.pct.toFixed(1).padStart(7)}  ${`${row.covered}/${row.total}`.padStart(13)}${flag}`,
  );
}
const total = summary.total.lines;
console.log(
  `${'total'.padEnd(width)}  ${total.pct.toFixed(1).padStart(7)}  ${`${total.covered}/${total.total}`.padStart(13)}`,
);
const below = rows.filter((row) => row.group.startsWith('modules/') && row.pct < min);
if (below.length > 0) {
  console.log(`\n${below.length} module(s) below ${min} % lines: ${below.map((row) => row.group).join(', ')}`);
}
