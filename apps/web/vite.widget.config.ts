import { defineConfig } from 'vite';

/**
 * The job widget's own build (ADR 0038): one self-contained classic script, dist/widget/v1.js,
 * built after the app (it must not empty dist). No React, no MUI: its budget is 30 kB
 * (scripts/check-widget-size.mjs, src/widget/widget-size.test.ts).
 */
export const WIDGET_ENTRY = 'src/widget/v1.ts';

export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    sourcemap: false,
    target: 'es2020',
    lib: {
      entry: WIDGET_ENTRY,
      formats: ['iife'],
      name: 'MatchwerkJobWidget',
      fileName: () => 'widget/v1.js',
    },
  },
});
