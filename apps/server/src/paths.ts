// Where the server finds its files at run time. The same code runs from the TypeScript sources
// (tsx, vitest: this module is src/paths.ts) and from the bundles `npm run build` writes (dist/*.js:
// each bundle holds its own copy of this module). So every path is found from here, by walking up to
// the server's package.json, never as a fixed number of `../` from the module that needs it.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_PACKAGE_NAME = '@simforge/server';
const THIS_FILE = fileURLToPath(import.meta.url);

/** True under tsx or vitest (this module is TypeScript), false in the built bundles. */
export const RUNS_FROM_SOURCES = /\.[cm]?ts$/.test(THIS_FILE);

/** The first folder at or above `start` whose package.json is the server's (apps/server). */
export function findServerRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && readPackageName(manifest) === SERVER_PACKAGE_NAME) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json of ${SERVER_PACKAGE_NAME} above ${start}: the server's files (migrations, docs) are not next to it`);
  }
}

function readPackageName(manifest: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name;
  } catch {
    return undefined;
  }
}

/** apps/server */
export const SERVER_ROOT = findServerRoot(dirname(THIS_FILE));
/** The repository (npm workspaces) root, two levels above apps/server. */
export const REPOSITORY_ROOT = resolve(SERVER_ROOT, '..', '..');
export const SERVER_PACKAGE_JSON = join(SERVER_ROOT, 'package.json');
/** The SQL migrations drizzle-kit writes (apps/server/drizzle). */
export const MIGRATIONS_FOLDER = join(SERVER_ROOT, 'drizzle');

/** The modules the worker-thread pools (and a solver's helper threads) run; scripts/build.mjs writes each as `<name>.js` beside main.js. */
const THREAD_SOURCES = {
  'compute-thread': './compute/thread.ts',
  'solver-thread': './jobs/solver-thread.ts',
  'helper-thread': './jobs/helper-thread.ts',
} as const;

export type ThreadName = keyof typeof THREAD_SOURCES;

/** The file URL of a pool's thread module: its TypeScript source, or the bundle beside this one. */
export function threadFile(name: ThreadName): string {
  return new URL(RUNS_FROM_SOURCES ? THREAD_SOURCES[name] : `./${name}.js`, import.meta.url).href;
}
