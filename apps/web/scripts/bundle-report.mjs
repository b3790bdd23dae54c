// What a screen's initial JavaScript is made of: walks Vite's manifest from the entry and a route
// module through their static imports (like check-bundle-size.mjs), attributes every byte of the
// minified files to its source through the source maps, and prints gzip kB per package and the
// largest modules. Needs a build with source maps:
//
//   npx vite build --sourcemap --outDir /tmp/dist-report
//   node scripts/bundle-report.mjs /tmp/dist-report [src/app/routes/vacancies.route.tsx]
//
// Gzip per package is each package's code compressed on its own, so the sum is close to, not
// exactly, the budget's figure (ADR 0006, ADR 0032).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { eachMapping, TraceMap } from '@jridgewell/trace-mapping';
import { initialFiles, readManifest } from './initial-files.mjs';

const dist = path.resolve(process.argv[2] ?? 'dist');
const route = process.argv[3] ?? 'src/app/routes/login.route.tsx';
const files = initialFiles(readManifest(dist), [route]);

const packageOf = (source) => {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (match) return match[1];
  return source.includes('packages/shared/') ? '@matchwerk/shared' : 'app';
};

const codeByPackage = new Map();
const bytesByModule = new Map();
for (const file of files) {
  const code = readFileSync(path.join(dist, file), 'utf8');
  const lines = code.split('\n');
  let map;
  try {
    map = new TraceMap(readFileSync(path.join(dist, `${file}.map`), 'utf8'));
  } catch {
    // Rolldown's tiny runtime chunk has none; every other file has one in a --sourcemap build.
    if (!codeByPackage.has('(no source map)')) codeByPackage.set('(no source map)', []);
    codeByPackage.get('(no source map)').push(code);
    continue;
  }
  const segments = [];
  eachMapping(map, (segment) => segments.push(segment));
  segments.sort((a, b) => a.generatedLine - b.generatedLine || a.generatedColumn - b.generatedColumn);
  segments.forEach((segment, index) => {
    const next = segments[index + 1];
    const line = lines[segment.generatedLine - 1] ?? '';
    const end = next && next.generatedLine === segment.generatedLine ? next.generatedColumn : line.length;
    const text = line.slice(segment.generatedColumn, end);
    const source = segment.source ?? '(unmapped)';
    const name = packageOf(source);
    if (!codeByPackage.has(name)) codeByPackage.set(name, []);
    codeByPackage.get(name).push(text);
    const module = source.replace(/.*node_modules\//, '').replace(/.*\/(apps|packages)\//, '$1/');
    bytesByModule.set(module, (bytesByModule.get(module) ?? 0) + text.length);
  });
}

const kB = (bytes) => (bytes / 1000).toFixed(1).padStart(7);
const packages = [...codeByPackage]
  .map(([name, parts]) => [name, gzipSync(parts.join(''), { level: 9 }).length])
  .sort((a, b) => b[1] - a[1]);
const total = packages.reduce((sum, [, bytes]) => sum + bytes, 0);
console.log(`${route}: ${files.size} files, ≈ ${(total / 1000).toFixed(1)} kB gzip\n\nkB gzip  package`);
for (const [name, bytes] of packages) console.log(`${kB(bytes)}  ${name}`);
console.log('\nkB min.  largest modules');
for (const [name, bytes] of [...bytesByModule].sort((a, b) => b[1] - a[1]).slice(0, 40))
  console.log(`${kB(bytes)}  ${name}`);
