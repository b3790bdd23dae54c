// What a browser loads for a screen before it can render: the entry (index.html) and the given lazy
// modules with every file they import statically, from Vite's manifest. Shared by the bundle
// check and the bundle report.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export function readManifest(dist) {
  return JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
}

/** The files of the entry and `modules` (manifest keys), with everything they import statically. */
export function initialFiles(manifest, modules) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  for (const module of modules) {
    if (!manifest[module]) throw new Error(`${module} is not a chunk of its own: is it still lazy?`);
    visit(module);
  }
  return files;
}
