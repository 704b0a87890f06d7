import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import * as materialDesignIcons from '@mdi/js';

// The API server (apps/server) listens on 8000 in development; the app talks to it on the same origin.
const apiServer = process.env.SIMFORGE_API_URL ?? 'http://localhost:8000';
const proxy = Object.fromEntries(['/api', '/oidc', '/docs'].map((prefix) => [prefix, { target: apiServer, changeOrigin: false }]));

const ICON_MODULE = '\0mdi-icon:';

/**
 * Each Material Design icon a module of its own, so that a page's chunk carries the icons it draws.
 * The package is one module of 7 000 icons, tree-shaken to those used anywhere; as one module it
 * lands in one chunk, which the first page loads for its six navigation icons with every other
 * page's (9 kB of the 200 kB budget, docs/performance.md "The first page").
 * `import { mdiA, mdiB } from '@mdi/js'` becomes one default import per icon.
 */
function iconPerModule(): Plugin {
  return {
    name: 'simforge-icon-per-module',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.tsx?$/.test(id) || !code.includes("'@mdi/js'")) return null;
      const rewritten = code.replace(/import\s*\{([^}]*)\}\s*from\s*'@mdi\/js';/g, (_, names: string) =>
        names
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
          .map((name) => {
            const [icon, local = icon] = name.split(/\s+as\s+/);
            return `import ${local} from '${ICON_MODULE}${icon}';`;
          })
          .join(' '),
      );
      return { code: rewritten, map: null };
    },
    resolveId: (id) => (id.startsWith(ICON_MODULE) ? id : null),
    load(id) {
      if (!id.startsWith(ICON_MODULE)) return null;
      const icon = id.slice(ICON_MODULE.length);
      const path = (materialDesignIcons as Record<string, string | undefined>)[icon];
      if (path === undefined) this.error(`@mdi/js has no icon named ${icon}`);
      return `export default ${JSON.stringify(path)};`;
    },
  };
}

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
