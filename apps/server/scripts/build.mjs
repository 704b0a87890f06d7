// `npm run build -w apps/server`: compiles the server into plain JavaScript in dist/, so that
// `npm start` and `npm run worker` run without a TypeScript loader. One bundle per entry: the two
// processes (main.js, worker.js) and the worker-thread modules (compute-thread.js, solver-thread.js and
// the solvers' helper-thread.js, named as src/paths.ts looks for them beside the bundle that starts them).
// The workspace packages (@simforge/contracts, @simforge/solvers: TypeScript sources) are compiled
// in; every npm package stays an import from node_modules (several have native or wasm parts).
//
// Usage: node scripts/build.mjs [--outdir DIR]   (default: dist, relative to apps/server)

import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));

const ENTRIES = [
  { out: 'main', in: 'src/main.ts' },
  { out: 'worker', in: 'src/worker.ts' },
  { out: 'compute-thread', in: 'src/compute/thread.ts' },
  { out: 'solver-thread', in: 'src/jobs/solver-thread.ts' },
  { out: 'helper-thread', in: 'src/jobs/helper-thread.ts' },
];

/** Bare imports stay imports, except the workspace packages, whose TypeScript is bundled. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@simforge/') ? undefined : { path: args.path, external: true }));
  },
};

export async function buildServer(outdir) {
  mkdirSync(outdir, { recursive: true });
  const result = await build({
    absWorkingDir: SERVER_ROOT,
    entryPoints: ENTRIES,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Stack traces name the TypeScript sources under `node --enable-source-maps`; the sources are in
    // the repository, so the maps do not carry a copy.
    sourcemap: true,
    sourcesContent: false,
    plugins: [npmPackagesExternal],
    metafile: true,
    logLevel: 'warning',
  });
  // The bundles are ES modules wherever the folder is (apps/server/package.json says so for dist/).
  writeFileSync(resolve(outdir, 'package.json'), `${JSON.stringify({ type: 'module', private: true }, null, 2)}\n`);
  // Files of an earlier build that this one did not write go; the folder itself stays, so a server
  // running from it while it is rebuilt never misses a thread module.
  const written = new Set([...Object.keys(result.metafile.outputs).map((file) => resolve(SERVER_ROOT, file)), resolve(outdir, 'package.json')]);
  for (const name of readdirSync(outdir)) if (!written.has(resolve(outdir, name))) rmSync(resolve(outdir, name), { recursive: true, force: true });
  return result;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { outdir: { type: 'string', default: 'dist' } } });
  const outdir = resolve(SERVER_ROOT, values.outdir);
  const started = performance.now();
  const { metafile } = await buildServer(outdir);
  const bytes = Object.entries(metafile.outputs).filter(([file]) => file.endsWith('.js')).map(([file, output]) => `${relative(SERVER_ROOT, resolve(SERVER_ROOT, file))} ${(output.bytes / 1024).toFixed(0)} kB`);
  process.stdout.write(`Built the server into ${relative(process.cwd(), outdir) || '.'} in ${Math.round(performance.now() - started)} ms: ${bytes.join(', ')}\n`);
}
