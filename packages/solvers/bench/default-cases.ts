// What the per-family speed benches share: the command line (a mesh preset, then the types, all by
// default) and a timed solve of a type's default case on that preset.
import { parameterDefaults, solve } from '../src/index.js';

/** `[mesh] [TYPE...]` from the command line: the preset (default `default`) and the types to solve. */
export function benchArguments(allTypes: readonly string[]): { mesh: string; types: string[] } {
  const [mesh = 'default', ...only] = process.argv.slice(2);
  return { mesh, types: only.length > 0 ? only : [...allTypes] };
}

/** Solves a type's default case on a mesh preset: the result, its wall time and its CPU time (s). */
export async function solveDefaultCase(type: string, mesh: string, threads = 1) {
  const parameters = parameterDefaults(type) as Record<string, unknown>;
  parameters.mesh_size = mesh;
  const start = performance.now();
  const cpu = process.cpuUsage();
  const result = await solve({ type, parameters }, { threads });
  return { result, seconds: (performance.now() - start) / 1000, cpuSeconds: process.cpuUsage(cpu).user / 1e6 };
}
