/**
 * Where the files the server reads at run time are (migrations, the postcode table). From the
 * TypeScript sources (Vitest, `tsx watch`) they are under `src/`; from the bundle (`dist/server.js`,
 * ADR 0093) under `dist/`, where `scripts/build.ts` copies them to the same relative paths. A
 * bundle has one `import.meta.url` for all its modules, so each module cannot find its files beside
 * itself; this module knows which of the two it is by its own file name.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const thisFile = fileURLToPath(import.meta.url);
const fromSources = thisFile.endsWith('.ts');

/** `apps/api/src` from the sources, the bundle's folder (`apps/api/dist`) from the bundle. */
export const RUNTIME_ROOT = fromSources ? path.resolve(path.dirname(thisFile), '..') : path.dirname(thisFile);

/** The files and folders under `src/` that the server reads at run time; the build copies each. */
export const RUNTIME_FILES = ['db/migrations', 'modules/geocoding/de-postcode-centroids.json'] as const;

/** The path of one of RUNTIME_FILES (or a file inside one of its folders). */
export function runtimeFile(relative: string): string {
  return path.join(RUNTIME_ROOT, relative);
}

/** The repository's root: the api's folder (`src/`'s or `dist/`'s parent) is `apps/api`. */
export const REPO_ROOT = path.resolve(RUNTIME_ROOT, '../../..');
