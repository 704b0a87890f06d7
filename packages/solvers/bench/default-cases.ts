// What the per-family speed benches share: the command line (a mesh preset, then the types, all by
// default), a timed solve of a type's default case on that preset, and helper threads as the server
// gives them (started from a bundle of the helper's entry, as its build does).
import { mkdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { parameterDefaults, solve } from '../src/index.js';
import { nodeHelperThreads, type HelperThreads } from '../src/run/helper-threads.js';

let helpers: Promise<HelperThreads> | undefined;

/** Helper threads started from a bundle of src/helper-thread.ts (built once per process). */
export function bundledHelpers(): Promise<HelperThreads> {
  helpers ??= (async () => {
    // Inside the package, as the server's dist is: the bundle finds the package's WebAssembly
    // modules through node_modules from there (from the system's temporary folder it would not).
    const folder = fileURLToPath(new URL('../node_modules/.cache/', import.meta.url));
    mkdirSync(folder, { recursive: true });
    const outfile = `${folder}simforge-helper-thread-${process.pid}.mjs`;
    await build({ entryPoints: [fileURLToPath(new URL('../src/helper-thread.ts', import.meta.url))], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' });
    return nodeHelperThreads(pathToFileURL(outfile))!;
  })();
  return helpers;
}

/** `[mesh] [TYPE...]` from the command line: the preset (default `default`) and the types to solve. */
export function benchArguments(allTypes: readonly string[]): { mesh: string; types: string[] } {
  const [mesh = 'default', ...only] = process.argv.slice(2);
  return { mesh, types: only.length > 0 ? only : [...allTypes] };
}

/** Solves a type's default case on a mesh preset: the result, its wall time and its CPU time (s). */
export async function solveDefaultCase(type: string, mesh: string, threads = 1) {
  const parameters = parameterDefaults(type) as Record<string, unknown>;
  parameters.mesh_size = mesh;
  const options = threads > 1 ? { threads, helpers: await bundledHelpers() } : { threads };
  const start = performance.now();
  const cpu = process.cpuUsage();
  const result = await solve({ type, parameters }, options);
  return { result, seconds: (performance.now() - start) / 1000, cpuSeconds: process.cpuUsage(cpu).user / 1e6 };
}
