// Writes the app shell's file list and a version into the built service worker (dist/sw.js,
// placeholder '__PRECACHE__', ADR 0103): every file of the build but the worker itself, the
// compressed copies and Vite's manifest. The version is a hash of those files, so a new build is
// a new worker (the browser compares its bytes) and a new shell cache.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
/** The string literal `'__PRECACHE__'` in sw.ts, in whichever quotes the minifier chose. */
const PLACEHOLDER = /([`'"])__PRECACHE__\1/;

function* files(directory) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* files(full);
    } else if (!/\.(br|gz)$/.test(entry.name) && entry.name !== 'sw.js') yield full;
  }
}

const shell = [...files(dist)].sort();
const hash = createHash('sha256');
for (const file of shell) hash.update(path.relative(dist, file)).update(readFileSync(file));
const precache = {
  version: hash.digest('hex').slice(0, 12),
  files: shell.map((file) => `/app/${path.relative(dist, file).split(path.sep).join('/')}`),
};
const workerFile = path.join(dist, 'sw.js');
const worker = readFileSync(workerFile, 'utf8');
if (!PLACEHOLDER.test(worker)) {
  console.error(`${workerFile} has no '__PRECACHE__' placeholder: was it built from src/sw/sw.ts?`);
  process.exit(1);
}
// The JSON text as a JS string literal (JSON.stringify twice), which the worker's JSON.parse reads.
writeFileSync(
  workerFile,
  worker.replace(PLACEHOLDER, () => JSON.stringify(JSON.stringify(precache))),
);
console.log(`Service worker: ${precache.files.length} files precached (version ${precache.version})`);
