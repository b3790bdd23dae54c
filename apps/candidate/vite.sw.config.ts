import { defineConfig } from 'vite';

/**
 * The service worker (src/sw/sw.ts) as one classic script at /app/sw.js, next to the app's build:
 * its scope is /app/ without a Service-Worker-Allowed header. scripts/inject-precache.mjs then
 * writes the app shell's file list into it (ADR 0103).
 */
export default defineConfig({
  base: '/app/',
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: false,
    lib: { entry: 'src/sw/sw.ts', formats: ['iife'], name: 'matchwerkSw', fileName: () => 'sw.js' },
  },
});
