import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The login prerender's build (ADR 0061): src/prerender/login-prerender.tsx for Node into
 * dist-prerender/, every dependency bundled in, so the same code as the browser's renders it
 * (no package resolved a second time through Node's own conditions).
 * scripts/prerender-login.mjs runs it after the app's build and writes its HTML into index.html.
 */
export default defineConfig({
  plugins: [react()],
  publicDir: false,
  ssr: { noExternal: true },
  build: {
    ssr: 'src/prerender/login-prerender.tsx',
    outDir: 'dist-prerender',
    emptyOutDir: true,
    copyPublicDir: false,
    sourcemap: false,
    rolldownOptions: { output: { entryFileNames: 'login-prerender.mjs' } },
  },
});
