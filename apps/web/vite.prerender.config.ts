import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The login prerender's build (ADR 0061): src/prerender/login-prerender.tsx for Node, with every
 * dependency bundled in (MUI's ESM is not all loadable by Node as it is), into dist-prerender/.
 * scripts/prerender-login.mjs runs it after the app's build and writes its HTML into index.html.
 */
export const PRERENDER_ENTRY = 'src/prerender/login-prerender.tsx';

export default defineConfig({
  plugins: [react()],
  publicDir: false,
  ssr: { noExternal: true },
  build: {
    ssr: PRERENDER_ENTRY,
    outDir: 'dist-prerender',
    emptyOutDir: true,
    copyPublicDir: false,
    sourcemap: false,
    rolldownOptions: { output: { entryFileNames: 'login-prerender.mjs' } },
  },
});
