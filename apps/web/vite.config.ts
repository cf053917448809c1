import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { cataloguesPlugin } from './scripts/catalogues-plugin.ts';

/** The web app. In development `/api` goes to the server on :3000; the server serves `dist` in production. */
export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // The pseudo-locale exists in development and tests only.
    cataloguesPlugin(fileURLToPath(new URL('./src/locales', import.meta.url)), { pseudo: mode !== 'production' }),
  ],
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rollupOptions: {
      output: {
        // zod is only needed once a form validates; keep it in one named lazy chunk.
        manualChunks: (id) => (id.includes('/node_modules/zod/') ? 'zod' : undefined),
      },
    },
  },
}));
