// The candidate app's first screen (issue 47, ADR 0103): the JavaScript a phone loads before
// Entdecken shows — the entry (which holds the Entdecken screen; every other screen is lazy) and
// everything it imports statically (gzip level 9) — must stay within 80 kB, or the build fails. Byte counts from Vite's manifest,
// not timings: the same on every machine. Like apps/web/scripts/check-bundle-size.mjs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { initialFiles, readManifest } from '../../web/scripts/initial-files.mjs';

const BUDGET_KB = 80;

const dist = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist'));
const files = initialFiles(readManifest(dist), []);
const bytes = [...files]
  .filter((file) => file.endsWith('.js'))
  .reduce((sum, file) => sum + gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length, 0);
const kb = bytes / 1000;
console.log(`Candidate app first screen JS: ${kb.toFixed(1)} kB gzip in ${files.size} files (budget ${BUDGET_KB} kB)`);
if (kb > BUDGET_KB) {
  console.error(`Over budget by ${(kb - BUDGET_KB).toFixed(1)} kB: split or drop something before raising the budget.`);
  process.exit(1);
}
