#!/usr/bin/env node
/**
 * `npm run build` unless the build on disk was made from the same sources. `npm start` builds,
 * and the end-to-end runs that follow it in CI (and a developer's second `npm run test:e2e`)
 * need no second build of the same files: CI builds once.
 *
 * The build's own output (a hundred lines of chunk sizes) is kept back unless the build fails, so
 * a new user's `npm start` shows the start message, not the bundler; `npm run build` shows it all.
 *
 * The fingerprint is a hash of every file git knows or would add (tracked and untracked, not
 * ignored) in the build's inputs, plus the lock file. Without git, it always builds.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const INPUTS = ['apps/web', 'apps/candidate', 'apps/api', 'packages/shared', 'package-lock.json', 'package.json'];
const stampFile = path.join(root, '.tmp', 'build-fingerprint');
const OUTPUTS = ['apps/web/dist/index.html', 'apps/candidate/dist/index.html', 'apps/api/dist/server.js'];

function fingerprint() {
  let files;
  try {
    files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...INPUTS], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
      .split('\0')
      .filter(Boolean)
      .sort();
  } catch {
    return null;
  }
  const hash = createHash('sha256');
  for (const file of files) {
    const absolute = path.join(root, file);
    // A file deleted but still in the index counts as gone.
    if (!existsSync(absolute)) continue;
    hash.update(file).update('\0').update(readFileSync(absolute)).update('\0');
  }
  return hash.digest('hex');
}

const before = fingerprint();
const built = OUTPUTS.every((output) => existsSync(path.join(root, output)));
if (before && built && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === before) {
  console.log('Build is up to date (same sources as the last build): not built again.');
  process.exit(0);
}
console.log('Building the web app, the candidate app and the API (npm run build) …');
const started = performance.now();
const result = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
if (result.status !== 0) {
  process.stdout.write(result.stdout ?? '');
  process.stderr.write(result.stderr ?? '');
  console.error('The build failed: its whole output is above.');
  process.exit(result.status ?? 1);
}
// The budget checks' verdicts are worth seeing on every build.
const verdicts = (result.stdout ?? '').split('\n').filter((line) => /budget/.test(line));
for (const line of verdicts) console.log(`  ${line}`);
console.log(`Built in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
if (before) {
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, before);
}
