import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv, type Alias, type Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';
import { lazyNumberFormat } from './vite.lazy-number-format';
import { routePreload } from './vite.route-preload';
import { themeWithoutCssVars } from './vite.theme-without-css-vars';

/** MUI's form controls and the app's fields built from them, shared by the forms of most screens. */
const FORM_KIT_MODULES = new RegExp(
  [
    String.raw`@mui[\/]material[\/](Checkbox|InputAdornment|Link|TextareaAutosize|InputBase|FormLabel|Input|NativeSelect|OutlinedInput|InputLabel|FormControlLabel|Divider|FormControl|FormHelperText)[\/]`,
    String.raw`@mui[\/]material[\/]internal[\/](SwitchBase|switchBaseClasses|svg-icons[\/](CheckBoxOutlineBlank|CheckBox|IndeterminateCheckBox|ArrowDropDown))\.`,
    String.raw`@mui[\/](material[\/]utils|utils)[\/]useControlled`,
    String.raw`@mui[\/]icons-material[\/](esm[\/])?Visibility(Off)?\.`,
    // Not the react-hook-form-bound fields of the lazy editors and password forms (TextField, date
    // pickers, react-hook-form itself: ADR 0042).
    String.raw`src[\/]components[\/]form[\/](?!form-field|form-date-field|new-password-fields)`,
  ].join('|'),
);

/** MUI's overlays and what only they use: a chunk of their own (see the overlay-kit group). */
const OVERLAY_KIT_MODULES = new RegExp(
  [
    String.raw`@mui[\/]material[\/](Dialog|DialogActions|DialogContent|DialogContentText|DialogTitle|Modal|Backdrop|Popover|Popper|Menu|MenuList|MenuItem|Select|TextField|Tooltip|Fade|Grow|Portal|Unstable_TrapFocus)[\/]`,
    String.raw`@popperjs[\/]`,
  ].join('|'),
);

/**
 * What the entry and nearly every lazy screen share (server state, UI store, the shared
 * constants and API paths, the API client), in one chunk: left to the bundler, the signed-out
 * preview and the accessibility statement (issue #13) split them into six small files the login
 * paid for too.
 */
const APP_CORE_MODULES = new RegExp(
  [
    // Not what only some screens use (infinite lists, mutation state, the persist middleware).
    String.raw`@tanstack[\/](?!.*(infiniteQuery|useInfiniteQuery|useMutationState|useIsFetching|useIsMutating))`,
    String.raw`zustand[\/]esm[\/](vanilla|react)\.mjs$`,
    String.raw`packages[\/]shared[\/]src[\/](constants|api[\/]paths)\.ts$`,
    String.raw`src[\/]lib[\/](legal-pages|i18n|locales[\/]de|api-client|early-session)\.ts$`,
  ].join('|'),
);

/**
 * The browser gets Preact through its React compatibility layer instead of React (ADR 0072): 10 kB
 * gzip instead of 68 kB on every screen's first load. The unit tests run on it too (ADR 0091); the
 * dev server keeps React, whose fast refresh @vitejs/plugin-react needs. The source imports `react`;
 * src/app/preact-compat-fixes.ts holds where Preact has to be told to behave as React does.
 */
const PREACT: Alias[] = Object.entries({
  'react-dom/client': 'preact/compat/client',
  'react-dom/test-utils': 'preact/test-utils',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
  react: 'preact/compat',
}).map(([specifier, replacement]) => ({ find: new RegExp(`^${specifier}$`), replacement }));
const PREACT_ENTRIES = [...new Set(PREACT.map(({ replacement }) => replacement))].concat('preact', 'preact/hooks');

/**
 * What the unit tests do not prebundle: the test tools that run in Node, the app's own shared
 * package (source), and React and Preact themselves (the alias chooses).
 */
const NOT_PREBUNDLED = /^(vitest|vite|msw|@matchwerk\/|node:|(p?react|react-dom)(\/|$))/;

/**
 * The packages the source imports, each specifier as written (`@mui/material/Button`). The unit
 * tests get them prebundled by Vite's optimizer: the Preact alias then reaches their imports of
 * React, their CommonJS parts (use-sync-external-store, testing-library) become ES modules, and
 * one file replaces hundreds of MUI modules. All of them, not only those that import React: a
 * specifier left out would load a second copy of a package the bundle holds too (two dayjs with
 * one locale, two ProseMirror cores), so the list is read from the source.
 */
function prebundledImports(): string[] {
  const found = new Set<string>();
  const source = fileURLToPath(new URL('./src', import.meta.url));
  for (const file of readdirSync(source, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file)) continue;
    for (const [, specifier] of readFileSync(join(source, file), 'utf8').matchAll(
      /(?:from|import)\s+'([^'.][^']*)'/g,
    )) {
      if (specifier && !NOT_PREBUNDLED.test(specifier)) found.add(specifier);
    }
  }
  return [...found].sort();
}

/** The Preact alias inside the unit tests' prebundle (see `deps.optimizer` below). */
function preactInPrebundle(): Rolldown.Plugin {
  return {
    name: 'matchwerk:preact-in-prebundle',
    resolveId(id, importer) {
      const alias = PREACT.find(({ find }) => find instanceof RegExp && find.test(id));
      return alias ? this.resolve(alias.replacement, importer, { skipSelf: true }) : null;
    },
  };
}

export default defineConfig(({ mode, command }) => {
  // VITE_API_PROXY (from the environment or a .env file) points the dev proxy at another API.
  const apiTarget = loadEnv(mode, '.', 'VITE_').VITE_API_PROXY ?? 'http://localhost:3000';
  return {
    plugins: [react(), routePreload(), lazyNumberFormat(), themeWithoutCssVars()],
    resolve: { alias: command === 'build' || process.env.VITEST ? PREACT : [] },
    build: {
      outDir: 'dist',
      sourcemap: false,
      manifest: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // First, so the form kit below cannot take what the login needs (i18n, the shared
              // constants) along with its dependencies: the login route loads no MUI (ADR 0064).
              { name: 'app-core', test: APP_CORE_MODULES },
              // MUI's form controls (and the MUI core they stand on) in one chunk. Without this
              // group every screen that shares one of them (TextField, Checkbox, Link…) splits
              // them into many tiny chunks, each a file to fetch (ADR 0006).
              { name: 'form-kit', test: FORM_KIT_MODULES },
              // A chunk of its own, not in the form kit: the screens that show no form (lists,
              // chats) load the form kit's MUI pieces but need no form state (issue #12).
              { name: 'react-hook-form', test: /[/\\]react-hook-form[/\\]/ },
              // MUI's overlays (dialogs, menus, selects, tooltips and TextField, which imports Select)
              // apart from the screen kit below: the posting list, the chats, a chat and the
              // Anfragen show none before their first paint, and in the screen kit they were
              // about 25 kB of each of those screens' first load (stop 43).
              {
                name: 'overlay-kit',
                test: OVERLAY_KIT_MODULES,
                minShareCount: 8,
                includeDependenciesRecursively: false,
              },
              // MUI's core, emotion, transitions and Popper that at least eight screens share, in one
              // chunk instead of dozens of small ones: each file costs its fetch start on the main
              // thread (55–90 ms for the posting list's 63 links). 63 → 43 files for the posting
              // list, 48 → 31 for a chat; Lighthouse TBT there 1,545–1,663 → 799–826 ms (stop 34).
              // Not recursively: react-dom would follow MUI into the group and onto the login.
              {
                name: 'screen-kit',
                test: /@mui[/\\](material|system|utils|styled-engine|private-theming)[/\\]|@emotion[/\\]|react-transition-group|@popperjs/,
                minShareCount: 8,
                includeDependenciesRecursively: false,
              },
            ],
          },
        },
      },
    },
    server: {
      port: 5173,
      proxy: {
        '/rest': { target: apiTarget },
        '/demo': { target: apiTarget },
        // The icon is served by the server for every page (packages/shared brand-icon.ts).
        '/favicon.svg': { target: apiTarget },
        '/favicon.ico': { target: apiTarget },
      },
    },
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup-tests.ts'],
      include: ['src/**/*.test.{ts,tsx}', 'vite.*.test.ts'],
      // A guard against hangs, not a speed limit: long form tests on a busy 2-core machine took 30 s.
      testTimeout: 60_000,
      // The prebundle runs through Vite, not Node's loader: Node would load an entry the source
      // imports (`deps/dayjs.js?v=…`) apart from the same file another entry imports (`./dayjs.js`),
      // and the German locale went to the second dayjs.
      server: { deps: { inline: [/[/\\]\.vite[/\\]vitest[/\\]/] } },
      deps: {
        optimizer: {
          client: {
            enabled: true,
            include: [...PREACT_ENTRIES, ...(process.env.VITEST ? prebundledImports() : [])],
            // Vitest keeps `react` and its JSX runtimes out of the prebundle (external), where Node
            // would load React itself for them: the alias is applied inside the bundle instead.
            rolldownOptions: { plugins: [preactInPrebundle()] },
          },
        },
      },
    },
  };
});
