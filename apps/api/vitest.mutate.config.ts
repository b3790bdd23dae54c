/**
 * The tests Stryker runs (npm run mutate, docs/testing.md): the authorization and matchings
 * tests only, on PGlite. Stryker starts from the repository root (it mutates packages/shared
 * too), so the root is pinned to this folder. MUTATE_UNIT_ONLY=1 keeps the unit tests only (no
 * database): a quick first pass over the permission functions.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import base from './vitest.config';

const unitTests = ['src/access/actor.test.ts', '../../packages/shared/src/permissions.test.ts'];
const routeTests = ['src/authorization.test.ts', 'src/access/guard.routes.test.ts', 'src/modules/matchings/*.test.ts'];
const unitOnly = process.env.MUTATE_UNIT_ONLY === '1';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    ...base.test,
    globalSetup: unitOnly ? [] : base.test?.globalSetup,
    include: unitOnly ? unitTests : [...unitTests, ...routeTests],
  },
});
