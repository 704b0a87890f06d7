// The work plan an estimate reports counts the cells the solver then allocates: each family's run
// is started at its default case (and the fine preset where there is one) and stopped as soon as
// its log states the mesh it built.

import { describe, expect, it } from 'vitest';
import { AbortedError } from '../errors.js';
import { getSolver, solverTypes } from './registry.js';
import { solve } from './solve.js';

/** The cell count in the line a family logs when its mesh exists. */
const MESH_LINES: [RegExp, RegExp][] = [
  [/_WELD$|_JOINT$/, /^mesh \d+ × \d+ × \d+ = (\d+) cells/],
  [/^LASER_/, /^mesh \d+ × \d+ × \d+ = (\d+) cells/],
  [/^JET_/, /^flow: (\d+)×(\d+) /],
  [/^GEOTHERMAL_PLANT_TES$/, /in (\d+) nodes/],
];

async function allocatedCells(type: string, parameters: Record<string, unknown>, line: RegExp): Promise<number> {
  let cells: number | undefined;
  await solve(
    { type, parameters },
    {
      onLog: (l) => {
        const m = line.exec(l.message);
        if (m && cells === undefined) cells = m.slice(1).reduce((p, n) => p * Number(n), 1);
      },
      isAborted: () => cells !== undefined,
    },
  ).catch((error: unknown) => {
    if (!(error instanceof AbortedError)) throw error;
  });
  if (cells === undefined) throw new Error(`${type}: no mesh line in the log`);
  return cells;
}

const cases = solverTypes().flatMap((type) => {
  const line = MESH_LINES.find(([family]) => family.test(type))?.[1];
  if (!line) return [];
  const defaults = getSolver(type).parameterDefaults as Record<string, unknown>;
  const presets = 'mesh_size' in defaults ? ['default', 'fine'] : [undefined];
  return presets.map((mesh) => ({ name: `${type}${mesh ? ` (${mesh})` : ''}`, type, line, parameters: mesh ? { ...defaults, mesh_size: mesh } : defaults }));
});

describe('work plan', () => {
  it.each(cases)('$name: the estimate plans the cells the solver allocates', async ({ type, line, parameters }) => {
    const planned = getSolver(type).estimate(parameters).work.cells;
    expect(await allocatedCells(type, parameters, line)).toBe(planned);
  }, 60_000);
});
