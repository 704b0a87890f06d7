// Sensitivity of the pipe network (GGA): the default district with its reservoir as the only source
// (the tank and its pipe removed, one steady period), one input moved at a time. With Hazen-Williams
// losses h = 10.67 L Q^1.852/(C^1.852 D^4.87) in every pipe and one fixed-head source, the head losses
// are homogeneous in the flows: scaling every demand by s scales every flow by s (the loops split in
// the same proportions) and every head loss by s^1.852; scaling every C by c or every D by d leaves
// the flows and scales the losses by c^−1.852 or d^−4.87 (Rossman, EPANET 2 Users Manual, 2000,
// Table 3.1). So the loss from the reservoir to the farthest junction moves by exactly these factors;
// the tolerance is the solver's own convergence (Accuracy 0.001, relative flow change) and the
// pattern-free steady state: 0.5 %.

import { describe, expect, it } from 'vitest';
import { recordCase } from '../../../test/verification/report/record.js';
import { solve } from '../../run/solve.js';
import { EXAMPLE_NETWORK_INP } from './example.js';

const RESERVOIR_HEAD = 57;

/** The default network, reservoir-fed only, steady; `edit` changes the junction and pipe rows. */
function network(edit: { demand?: number; roughness?: number; diameter?: number } = {}): string {
  const lines = EXAMPLE_NETWORK_INP.split('\n');
  let section = '';
  const out: string[] = [];
  for (const line of lines) {
    const header = /^\[(\w+)\]/.exec(line.trim());
    if (header) section = header[1]!;
    const cells = line.trim().split(/\s+/);
    const row = !header && line.trim() !== '' && !line.trim().startsWith(';');
    if (row && section === 'TANKS') continue;
    if (row && section === 'PIPES' && cells[0] === 'P9') continue;
    if (row && section === 'COORDINATES' && cells[0] === 'T1') continue;
    if (row && section === 'TIMES' && cells[0] === 'Duration') {
      out.push(' Duration 0:00');
      continue;
    }
    if (row && section === 'JUNCTIONS' && edit.demand !== undefined) {
      cells[2] = String(Number(cells[2]) * edit.demand);
      out.push(' ' + cells.join('  '));
      continue;
    }
    if (row && section === 'PIPES') {
      if (edit.diameter !== undefined) cells[4] = String(Number(cells[4]) * edit.diameter);
      if (edit.roughness !== undefined) cells[5] = String(Number(cells[5]) * edit.roughness);
      out.push(' ' + cells.join('  '));
      continue;
    }
    out.push(line);
  }
  return out.join('\n');
}

/** Head loss from the reservoir to junction J6 (the far end of the district), m. */
async function lossToFarEnd(inp: string): Promise<number> {
  const result = await solve({ type: 'PIPE_NETWORK', parameters: { inp } });
  const head = result.series['node:J6']!.y.find((s) => s.name === 'head')!.values[0]!;
  return RESERVOIR_HEAD - head;
}

const MODEL = 'network-gga';

describe('pipe network sensitivity (default district fed by its reservoir, Hazen-Williams, steady)', () => {
  it('every demand ×1.5: head loss to the far end × 1.5^1.852', async () => {
    const [a, b] = [await lossToFarEnd(network()), await lossToFarEnd(network({ demand: 1.5 }))];
    expect(a).toBeGreaterThan(0.1);
    const error = recordCase({
      id: 'network-gga.sensitivity.demand-head-loss',
      model: MODEL,
      kind: 'sensitivity',
      compared: 'Every junction demand ×1.5 → head loss from the reservoir to the farthest junction (ratio new/base)',
      reference: 'Hazen-Williams, one fixed-head source: flows ×1.5, losses ×1.5^1.852 = 2.118 (EPANET 2 Users Manual, Table 3.1)',
      value: b / a,
      reference_value: 1.5 ** 1.852,
      tolerance: 0.005,
    });
    expect(error).toBeLessThan(0.005);
  });

  it('every Hazen-Williams C 120 → 100: head loss × 1.2^1.852', async () => {
    const [a, b] = [await lossToFarEnd(network()), await lossToFarEnd(network({ roughness: 100 / 120 }))];
    const error = recordCase({
      id: 'network-gga.sensitivity.roughness-head-loss',
      model: MODEL,
      kind: 'sensitivity',
      compared: 'Every pipe’s Hazen-Williams C 120 → 100 (older, rougher pipe) → head loss to the farthest junction (ratio new/base)',
      reference: 'Hazen-Williams: flows unchanged, losses × (120/100)^1.852 = 1.402',
      value: b / a,
      reference_value: 1.2 ** 1.852,
      tolerance: 0.005,
    });
    expect(error).toBeLessThan(0.005);
  });

  it('every diameter ×1.25: head loss × 1.25^−4.87', async () => {
    const [a, b] = [await lossToFarEnd(network()), await lossToFarEnd(network({ diameter: 1.25 }))];
    const error = recordCase({
      id: 'network-gga.sensitivity.diameter-head-loss',
      model: MODEL,
      kind: 'sensitivity',
      compared: 'Every pipe diameter ×1.25 → head loss to the farthest junction (ratio new/base)',
      reference: 'Hazen-Williams: flows unchanged, losses × 1.25^−4.87 = 0.337',
      value: b / a,
      reference_value: 1.25 ** -4.87,
      tolerance: 0.005,
    });
    expect(error).toBeLessThan(0.005);
  });
});
