import react from '@vitejs/plugin-react';
import type { Alias } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * The candidate app (issue 47, ADR 0103): served by the API at /app/, built with Preact through
 * its React compatibility layer like the web app (ADR 0072), no MUI. The service worker is built
 * by vite.sw.config.ts into the same folder.
 */
const PREACT: Alias[] = Object.entries({
  'react-dom/client': 'preact/compat/client',
  'react-dom/test-utils': 'preact/test-utils',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
  react: 'preact/compat',
}).map(([specifier, replacement]) => ({ find: new RegExp(`^${specifier}$`), replacement }));

export default defineConfig(({ command }) => ({
  base: '/app/',
  plugins: [react()],
  resolve: { alias: command === 'build' || process.env.VITEST ? PREACT : [] },
  build: { outDir: 'dist', sourcemap: false, manifest: true, emptyOutDir: true },
  server: {
    port: 5174,
    proxy: { '/rest': { target: 'http://localhost:3000' }, '/favicon.svg': { target: 'http://localhost:3000' } },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    testTimeout: 60_000,
  },
}));
