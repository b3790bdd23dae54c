// @ts-check
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-prerender/**',
      '**/node_modules/**',
      'data/**',
      '**/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The shared package is the contract: it imports nothing of the apps and nothing node-only.
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ['@matchwerk/api', '@matchwerk/web', 'node:*', 'react', 'fastify', 'drizzle-orm*', 'better-auth*'],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: ['@matchwerk/api', 'node:*'] }],
    },
  },
  {
    // The candidate app (issue 47): a browser app like the web app; its service worker is in src/sw.
    files: ['apps/candidate/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: ['@matchwerk/api', '@matchwerk/web', 'node:*'] }],
    },
  },
  {
    // The build's own plugins and their tests run in Node, not in the browser.
    files: ['apps/web/vite.*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@matchwerk/api'] }] },
  },
  {
    // Routes stay thin: they call services, never the database.
    files: ['apps/api/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['drizzle-orm*', '**/db/**', '*.repository'] }],
    },
  },
  {
    // The web app's layers (ADR 0051): app → features → shared (components, lib, stores, theme).
    // A feature imports only itself, the shared layers, the widget and another feature's
    // public API (its index.ts); shared code never imports a feature or the app.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/elements': [
        { type: 'web-app', pattern: 'apps/web/src/app/**', partialMatch: false },
        { type: 'web-feature', pattern: 'apps/web/src/features/*/**', partialMatch: false, capture: ['feature'] },
        { type: 'web-shared', pattern: 'apps/web/src/{components,lib,stores,theme}/**', partialMatch: false },
        { type: 'web-widget', pattern: 'apps/web/src/widget/**', partialMatch: false },
        { type: 'web-testing', pattern: 'apps/web/src/testing/**', partialMatch: false },
      ],
      'boundaries/files': [
        { category: 'test', pattern: '**/*.test.{ts,tsx}' },
        // A feature's public API: the only file of it another feature may import.
        { category: 'public-api', pattern: 'apps/web/src/features/*/index.ts' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            {
              from: { element: { type: 'web-app' } },
              allow: { to: { element: { type: ['web-app', 'web-feature', 'web-shared', 'web-widget'] } } },
            },
            {
              from: { element: { type: 'web-feature' } },
              allow: {
                to: [
                  { element: { type: 'web-feature', captured: { feature: '{{from.captured.feature}}' } } },
                  { element: { type: 'web-feature' }, file: { categories: 'public-api' } },
                  { element: { type: ['web-shared', 'web-widget'] } },
                ],
              },
            },
            { from: { element: { type: 'web-shared' } }, allow: { to: { element: { type: 'web-shared' } } } },
            { from: { element: { type: 'web-widget' } }, allow: { to: { element: { type: 'web-widget' } } } },
            // The test harness renders the whole app; tests anywhere use it.
            {
              from: { element: { type: 'web-testing' } },
              allow: {
                to: { element: { type: ['web-app', 'web-feature', 'web-shared', 'web-widget', 'web-testing'] } },
              },
            },
            { from: { file: { categories: 'test' } }, allow: { to: { element: { type: 'web-testing' } } } },
          ],
        },
      ],
    },
  },
  {
    // No import cycles in the apps or the shared package (issue #45, ADR 0095): a cycle makes the
    // module order decide what is initialised, and it hides which module owns what. Type-only imports
    // are erased at build time and do not count; packages outside the repo are not traversed.
    files: ['apps/api/src/**/*.{ts,tsx}', 'apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/api/tsconfig.json', 'apps/web/tsconfig.json', 'packages/shared/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Components stay small (issue #45, ADR 0095): a .tsx file over 400 lines, comments and blank
    // lines included, is split by responsibility (a hook, a row or card, a toolbar) next to it.
    files: ['apps/*/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    // API modules talk through their public entry (issue #45, ADR 0095): a module imports another
    // module only by its index.ts, which names what the others may use; everything else reacts to
    // domain events. The composition root (app.ts, server.ts, jobs, seed, testing) wires modules and may
    // reach into them.
    files: ['apps/api/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/elements': [
        { type: 'api-module', pattern: 'apps/api/src/modules/*/**', partialMatch: false, capture: ['module'] },
        { type: 'api-core', pattern: 'apps/api/src/**', partialMatch: false },
      ],
      'boundaries/files': [{ category: 'public-api', pattern: 'apps/api/src/modules/*/index.ts' }],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            {
              from: { element: { type: 'api-module' } },
              allow: {
                to: [
                  { element: { type: 'api-module', captured: { module: '{{from.captured.module}}' } } },
                  { element: { type: 'api-module' }, file: { categories: 'public-api' } },
                  { element: { type: 'api-core' } },
                ],
              },
            },
            {
              from: { element: { type: 'api-core' } },
              allow: { to: { element: { type: ['api-core', 'api-module'] } } },
            },
          ],
        },
      ],
    },
  },
  {
    // Repositories only query: they never call a service or a route (types are fine).
    files: ['apps/api/src/modules/**/*.repository.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['*.service', '*.routes'],
              allowTypeImports: true,
              message: 'Repositories only query (ARCHITECTURE, STYLE): no services or routes.',
            },
          ],
        },
      ],
    },
  },
  {
    // Services hold the rules; routes are the HTTP edge and nothing below imports them.
    files: ['apps/api/src/modules/**/*.service.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['*.routes'], message: 'Services never import routes.' }] },
      ],
    },
  },
);
