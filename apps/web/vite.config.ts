import react from '@vitejs/plugin-react';
import { loadEnv } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig(({ mode }) => {
  // VITE_API_PROXY (from the environment or a .env file) points the dev proxy at another API.
  const apiTarget = loadEnv(mode, '.', 'VITE_').VITE_API_PROXY ?? 'http://localhost:3000';
  return {
    plugins: [react()],
    build: { outDir: 'dist', sourcemap: false, manifest: true },
    server: {
      port: 5173,
      proxy: {
        '/rest': { target: apiTarget },
        '/demo': { target: apiTarget },
      },
    },
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup-tests.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
    },
  };
});
