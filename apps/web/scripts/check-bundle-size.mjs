// Measures the JavaScript a browser loads for /#/login (the entry, the login route module and
// everything they import statically, gzip level 9) from Vite's manifest, and fails when it
// exceeds the budget. Byte counts, not timings: deterministic on any machine. See ADR 0006, 0032 and 0053.
// Also fails when the first paint of the posting list, the Anfragen screen, a chat or the chat list
// loads zod (their answers are checked after the first screen, ADR 0078) or MUI's Modal, or a
// chat's first paint loads linkifyjs (its messages show as plain text until their links have loaded).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { initialFiles, readManifest } from './initial-files.mjs';

const BUDGET_KB = 70;
const LOGIN_ROUTE = 'src/app/routes/login.route.tsx';

// The build folder: apps/web/dist unless given (e.g. `node scripts/check-bundle-size.mjs /tmp/dist-web`).
const dist = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist'));
const manifest = readManifest(dist);

const LIGHT_FIRST_PAINTS = ['vacancies', 'candidates', 'chat', 'chats'].map((name) => [
  'src/app/app-frame.tsx',
  `src/app/routes/${name}.route.tsx`,
]);
const CHAT_FIRST_PAINT = ['src/app/app-frame.tsx', 'src/app/routes/chat.route.tsx'];

/** What a first paint must not load, each recognised by a string literal that minifying keeps. */
const KEPT_OUT = [
  {
    name: 'zod',
    // zod's core names each class by a string literal.
    mark: /[`'"]\$ZodType[`'"]/,
    firstPaints: LIGHT_FIRST_PAINTS,
    why: 'their answers are checked after the first screen (ADR 0078)',
  },
  {
    name: "MUI's Modal (dialogs, menus, TextField's Select)",
    mark: /[`'"]MuiModal[`'"]/,
    firstPaints: LIGHT_FIRST_PAINTS,
    why: 'use OutlinedField instead of TextField, and load dialogs when opened (ADR 0082)',
  },
  {
    name: 'linkifyjs',
    // Its list of top-level domains: 10 kB gzip that Lighthouse's LCP on a chat, a message's text,
    // would wait for.
    mark: /aaa1rp3bb0ott3vie4c1le2ogado5udhabi7/,
    firstPaints: [CHAT_FIRST_PAINT],
    why: 'chat messages show as plain text first and get their links from a dynamic import',
  },
];
for (const { name, mark, firstPaints, why } of KEPT_OUT) {
  for (const modules of firstPaints) {
    const found = [...initialFiles(manifest, modules)].filter((file) =>
      mark.test(readFileSync(path.join(dist, file), 'utf8')),
    );
    if (found.length > 0) {
      console.error(`${modules.at(-1)} loads ${name} before its first paint (${found.join(', ')}): ${why}.`);
      process.exit(1);
    }
  }
}

const files = initialFiles(manifest, [LOGIN_ROUTE]);

const bytes = [...files].reduce(
  (sum, file) => sum + gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length,
  0,
);
const kb = bytes / 1000;
console.log(`Login route initial JS: ${kb.toFixed(1)} kB gzip in ${files.size} files (budget ${BUDGET_KB} kB)`);
if (kb > BUDGET_KB) {
  console.error(`Over budget by ${(kb - BUDGET_KB).toFixed(1)} kB: split or drop something before raising the budget.`);
  process.exit(1);
}
