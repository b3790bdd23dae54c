import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { themeWithoutCssVars } from './vite.theme-without-css-vars';
import { createAppTheme } from './src/theme/theme';
import { THEME_VARIANTS } from './src/theme/theme-variant';

const muiStyles = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules/@mui/material/styles');
const load = themeWithoutCssVars().load as (id: string) => string | null;

/** The names a module exports, from its `export const x`, `export default` and `export { a, b }`. */
function exportedNames(source: string): string[] {
  const names = new Set<string>();
  for (const [, name] of source.matchAll(/^export const (\w+)/gm)) names.add(name as string);
  if (/^export default /m.test(source)) names.add('default');
  for (const [, list] of source.matchAll(/^export \{([^}]*)\}/gm)) {
    for (const name of (list as string).split(',')) names.add(name.trim());
  }
  return [...names].sort();
}

describe('themeWithoutCssVars (MUI without its CSS-variables theme, ADR 0081)', () => {
  for (const file of ['createThemeWithVars.mjs', 'ThemeProviderWithVars.mjs']) {
    it(`replaces ${file} with a module of the same exports`, () => {
      const original = path.join(muiStyles, file);
      expect(existsSync(original)).toBe(true);
      const replacement = load(`${original}?v=1`);
      expect(replacement).not.toBeNull();
      expect(exportedNames(replacement as string)).toEqual(exportedNames(readFileSync(original, 'utf8')));
    });
  }

  it('leaves every other module alone', () => {
    expect(load(path.join(muiStyles, 'createTheme.mjs'))).toBeNull();
    expect(load(path.join(muiStyles, 'ThemeProvider.mjs'))).toBeNull();
  });

  it('is only safe while no theme of the app asks for CSS variables or colour schemes', () => {
    for (const variant of Object.values(THEME_VARIANTS)) {
      const theme = createAppTheme(variant);
      expect('colorSchemes' in theme).toBe(false);
      expect('vars' in theme).toBe(false);
    }
  });
});
