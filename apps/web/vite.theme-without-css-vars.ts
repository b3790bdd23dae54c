import type { Plugin } from 'vite';

/**
 * MUI's CSS-variables theme and provider, which the app never uses: its theme has neither
 * `cssVariables` nor `colorSchemes` (theme.ts), so `createTheme` and `ThemeProvider` always take
 * their plain branch. Both still import the other branch, and so every screen loaded about 22 kB
 * minified (6 KiB brotli) of code that never runs before its first paint (ADR 0081). The modules are
 * replaced by ones with the same exports that fail loudly, so that a theme which starts to need
 * them breaks the e2e suite instead of rendering unstyled.
 */
const REPLACED: { file: RegExp; source: string }[] = [
  {
    file: /[/\\]@mui[/\\]material[/\\]styles[/\\]createThemeWithVars\.m?js$/,
    source: `
const unused = () => { throw new Error('MUI CSS variables themes are left out of the build (ADR 0081, vite.theme-without-css-vars.ts).'); };
export const createGetCssVar = unused;
export default unused;
`,
  },
  {
    file: /[/\\]@mui[/\\]material[/\\]styles[/\\]ThemeProviderWithVars\.m?js$/,
    source: `
const unused = () => { throw new Error('MUI CSS variables themes are left out of the build (ADR 0081, vite.theme-without-css-vars.ts).'); };
export const CssVarsProvider = unused;
export const useColorScheme = unused;
export const getInitColorSchemeScript = unused;
export const Experimental_CssVarsProvider = unused;
`,
  },
];

export function themeWithoutCssVars(): Plugin {
  return {
    name: 'matchwerk-theme-without-css-vars',
    enforce: 'pre',
    apply: 'build',
    load(id) {
      const file = id.split('?')[0] ?? id;
      return REPLACED.find((replaced) => replaced.file.test(file))?.source ?? null;
    },
  };
}
