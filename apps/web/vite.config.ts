import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { iconPerModule } from './build/icon-per-module';

// The API server (apps/server) listens on 8000 in development; the app talks to it on the same origin.
const apiServer = process.env.SIMFORGE_API_URL ?? 'http://localhost:8000';
const proxy = Object.fromEntries(['/api', '/oidc', '/docs'].map((prefix) => [prefix, { target: apiServer, changeOrigin: false }]));

export default defineConfig({
  // The app's folder, also when the config is used from the repository root (`vite preview -c apps/web/vite.config.ts`).
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [iconPerModule(), react()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The plot chunk (echarts, tree-shaken) is loaded lazily, only on result pages.
    chunkSizeWarningLimit: 650,
  },
});
