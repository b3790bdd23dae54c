/**
 * `npm run build -w @matchwerk/api`: the server compiled to one JavaScript file, `dist/server.js`
 * (ADR 0093), which `npm start` runs with plain Node. esbuild bundles the api's own code and
 * `@matchwerk/shared` (TypeScript source, consumed through the workspace); every other package
 * stays external and is loaded from node_modules as npm installed it: sharp's native addon,
 * PGlite's wasm and data files, pg-boss, better-auth and react-email find their files beside their
 * own modules. The files the server reads at run time (RUNTIME_FILES: migrations, the postcode
 * table) are copied under `dist/` to the paths they have under `src/`.
 *
 * The bench builds its app process (bench/target-server.ts) with the same function, into the same
 * folder, so it measures the code `npm start` runs.
 */
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { RUNTIME_FILES } from '../src/config/runtime-files';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST_DIR = path.join(API_DIR, 'dist');

/** Packages stay out of the bundle, except the workspace's own TypeScript packages. */
const dependenciesExternal: Plugin = {
  name: 'dependencies-external',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@matchwerk/') ? undefined : { path: args.path, external: true },
    );
  },
};

export interface BuildApiOptions {
  /** Output file name (without `.js`) → entry, relative to apps/api. */
  entries: Record<string, string>;
  /** Empty dist/ first (the production build); the bench adds its entry beside the server. */
  clean: boolean;
}

export async function buildApi({ entries, clean }: BuildApiOptions): Promise<void> {
  if (clean) rmSync(DIST_DIR, { recursive: true, force: true });
  await build({
    absWorkingDir: API_DIR,
    entryPoints: Object.entries(entries).map(([out, entry]) => ({ out, in: entry })),
    outdir: DIST_DIR,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    tsconfig: path.join(API_DIR, 'tsconfig.json'),
    plugins: [dependenciesExternal],
    // Readable stack traces without a loader: not minified, and a source map beside the bundle
    // (the start script passes --enable-source-maps). No keepNames: it made every closure call
    // Object.defineProperty as it was created (ADR 0079's fast paths worked around it).
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  for (const file of RUNTIME_FILES)
    cpSync(path.join(API_DIR, 'src', file), path.join(DIST_DIR, file), {
      recursive: true,
      // Tests beside the files are not needed at run time.
      filter: (source) => !source.endsWith('.test.ts'),
    });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildApi({ entries: { server: 'src/server.ts' }, clean: true });
  console.log(`apps/api/dist/server.js built in ${Math.round(performance.now() - started)} ms`);
}
