// The server as `npm start` and `npm run worker` run it: scripts/build.mjs's bundles, built into a
// folder of the test's own, and the plain `node` command line that starts one of them.

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

export const serverDir = fileURLToPath(new URL('..', import.meta.url));

export interface CompiledServer {
  outdir: string;
  /** `node` arguments that run the bundle `entry` (main or worker), as the npm scripts do. */
  args(entry: 'main' | 'worker'): string[];
  dispose(): void;
}

export function buildCompiledServer(): CompiledServer {
  // Under apps/server, so that the bundles find the server's files (migrations, package.json) as
  // dist/ does; node_modules/.cache is where tools keep such throw-away output.
  const cache = join(serverDir, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const outdir = mkdtempSync(join(cache, 'build-test-'));
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--outdir', outdir], { cwd: serverDir, encoding: 'utf8', timeout: 60_000 });
  expect(build.status, `${build.stdout}${build.stderr}`).toBe(0);
  return {
    outdir,
    args: (entry) => ['--enable-source-maps', join(outdir, `${entry}.js`)],
    dispose: () => rmSync(outdir, { recursive: true, force: true }),
  };
}
