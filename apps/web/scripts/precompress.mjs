// Writes a brotli (.br) and a gzip (.gz) copy next to every compressible file of the build, so
// the server sends them as they are (@fastify/static `preCompressed`) instead of the raw bytes
// or compressing on every request. Run after `vite build`; idempotent.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest', '.xml']);
// Below this a compressed copy saves nothing worth a second file.
const MIN_BYTES = 1024;

// The build folder: apps/web/dist unless given (e.g. `node scripts/check-bundle-size.mjs /tmp/dist-web`).
const dist = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist'));

function* files(directory) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      // Vite's manifest is read by our scripts, never by browsers.
      if (entry.name !== '.vite') yield* files(full);
    } else if (COMPRESSIBLE.has(path.extname(entry.name))) yield full;
  }
}

let raw = 0;
let brotli = 0;
let count = 0;
for (const file of files(dist)) {
  if (statSync(file).size < MIN_BYTES) continue;
  const content = readFileSync(file);
  const br = brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  raw += content.length;
  brotli += br.length;
  count += 1;
}
console.log(
  `Precompressed ${count} files: ${(raw / 1024).toFixed(0)} KiB → ${(brotli / 1024).toFixed(0)} KiB brotli (and gzip)`,
);
