#!/usr/bin/env node
/**
 * Every installed package's `engines.node` must hold on every Node line the root package.json
 * declares (issue 49): checked at the lowest version of each line of the root range, so that
 * `engines` never promises a Node version on which a dependency refuses to run. npm itself only
 * warns for the Node that runs it (CI: "npm install (no engine warnings on this Node)").
 * Usage: node scripts/check-engines.mjs  (exit 1 and the packages when a line is not satisfied)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const semver = require('semver');
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const declared = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;

/** The lowest version of every part of the declared range, e.g. ^20.19.0 || >=24 → 20.19.0, 24.0.0. */
const lowest = new semver.Range(declared).set.map(
  (comparators) => semver.minVersion(comparators.map(String).join(' ')).version,
);

const engines = new Map();
function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() && !entry.isSymbolicLink()) continue;
    const folder = path.join(dir, entry.name);
    if (entry.name.startsWith('@')) {
      walk(folder);
      continue;
    }
    const manifest = path.join(folder, 'package.json');
    if (existsSync(manifest) && !entry.isSymbolicLink()) {
      const { name, version, engines: wanted } = JSON.parse(readFileSync(manifest, 'utf8'));
      if (wanted?.node) engines.set(`${name}@${version}`, wanted.node);
    }
    if (existsSync(path.join(folder, 'node_modules'))) walk(path.join(folder, 'node_modules'));
  }
}
walk(path.join(root, 'node_modules'));

let failed = false;
for (const version of [...lowest, process.versions.node]) {
  const refusing = [...engines].filter(([, range]) => !semver.satisfies(version, range));
  console.log(
    `Node ${version}: ${refusing.length === 0 ? 'every dependency accepts it' : `${refusing.length} refuse it`}`,
  );
  for (const [name, range] of refusing.slice(0, 20)) console.log(`  ${name} wants ${range}`);
  failed ||= refusing.length > 0;
}
console.log(`(${engines.size} packages with engines.node; root declares ${declared})`);
process.exit(failed ? 1 : 0);
