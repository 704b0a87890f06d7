// Full size (SIMFORGE_VERIFY=full only; about 4 min on one core): the melt-pool model against published
// single-track bead-on-plate cross-sections (bead-on-plate.data.ts): 316L (Trapp et al. 2017, measured
// absorptivity), IN625 (Lane et al. 2020, AM-Bench AMB2018-02) and Ti-6Al-4V (Coen et al. 2022), from
// conduction through the transition to the keyhole. Each row is solved once (LASER_RIGID_PLATE, coarse
// preset, the product's default Marangoni factors, a short track) and recorded as two cases, width and
// depth, with the relative error; two summary cases give the mean absolute errors.
//
// Targets: mean absolute error ≤ 15 % on the width and ≤ 20 % on the depth, no case worse than 30 %.
// The measured figures and the rows that miss are in docs/physics/melt-pool.md ("Validation"); the
// test asserts the targets that are met (MEETS below) and records every case, met or not.

import { describe, expect, it } from 'vitest';
import { RunContext } from '../../../run/context.js';
import { recordCase, type CaseRecord } from '../../../../test/verification/report/record.js';
import { beadCase, rowAbsorptivity } from './bead-on-plate.case.js';
import { BEAD_ON_PLATE_ROWS, type BeadOnPlateRow } from './bead-on-plate.data.js';
import { solveMeltPool } from './solver.js';

const FULL = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.['SIMFORGE_VERIFY'] === 'full';
const ROW_TOLERANCE = 0.3;
const WIDTH_MAE_TOLERANCE = 0.15;
const DEPTH_MAE_TOLERANCE = 0.2;

interface Solved {
  row: BeadOnPlateRow;
  absorptivity: number;
  absorptivitySource: string;
  /** µm */
  width: number;
  depth: number;
}

async function solveRow(row: BeadOnPlateRow): Promise<Solved> {
  const { absorptivity, source } = rowAbsorptivity(row);
  const out = await solveMeltPool(beadCase(row, absorptivity), new RunContext());
  const um = (key: 'melt_pool_width' | 'melt_pool_depth') => (out.summary[key]!.value as number) * 1e6;
  return { row, absorptivity, absorptivitySource: source, width: um('melt_pool_width'), depth: um('melt_pool_depth') };
}

const MODEL = 'melt-pool-thermal-3d';

/** The shared fields of a row's case; the call site gives the literal id and the tolerance. */
function rowCase(solved: Map<string, Solved>, rowId: string, quantity: 'width' | 'depth'): Omit<CaseRecord, 'id' | 'tolerance'> {
  const s = solved.get(rowId);
  if (!s) throw new Error(`bead-on-plate: no row ${rowId}`);
  const { row } = s;
  return {
    model: MODEL,
    kind: 'validation',
    compared: `Melt-pool ${quantity} (solidus), ${row.material} bare plate, ${row.power} W × absorptivity ${s.absorptivity} (${s.absorptivitySource}), ${row.speed} mm/s, r₀ ${row.spotRadius} µm, ${row.trackLength} mm track; coarse preset`,
    reference: `${row.source}: ${row[quantity].toFixed(1)} µm`,
    value: s[quantity],
    reference_value: row[quantity],
    unit: 'µm',
  };
}

function meanAbsoluteError(solved: Map<string, Solved>, quantity: 'width' | 'depth'): number {
  const errors = [...solved.values()].map((s) => Math.abs(s[quantity] / s.row[quantity] - 1));
  return errors.reduce((sum, e) => sum + e, 0) / errors.length;
}

/** The targets the model meets (docs/physics/melt-pool.md, "Validation"): asserted; the others are recorded only. */
const MEETS = { widthMae: false, depthMae: false, everyRow: false };

describe.skipIf(!FULL)('melt-pool model against bead-on-plate cross-sections (Trapp 2017, Lane 2020, Coen 2022)', () => {
  it('width and depth of every row; mean absolute errors', async () => {
    const solved = new Map<string, Solved>();
    for (const row of BEAD_ON_PLATE_ROWS) solved.set(row.id, await solveRow(row));
    const errors: number[] = [];
    const rec = (e: number) => errors.push(e);
    rec(recordCase({ ...rowCase(solved, 'trapp2017-316l-32w', 'width'), id: 'melt-pool.bead-on-plate.trapp2017-316l-32w.width', tolerance: ROW_TOLERANCE }));
    rec(recordCase({ ...rowCase(solved, 'trapp2017-316l-32w', 'depth'), id: 'melt-pool.bead-on-plate.trapp2017-316l-32w.depth', tolerance: ROW_TOLERANCE }));
    rec(recordCase({ ...rowCase(solved, 'trapp2017-316l-48w', 'width'), id: 'melt-pool.bead-on-plate.trapp2017-316l-48w.width', tolerance: ROW_TOLERANCE }));
    rec(recordCase({ ...rowCase(solved, 'trapp2017-316l-48w', 'depth'), id: 'melt-pool.bead-on-plate.trapp2017-316l-48w.depth', tolerance: ROW_TOLERANCE }));
    rec(recordCase({ ...rowCase(solved, 'trapp2017-316l-65w', 'width'), id: 'melt-pool.bead-on-plate.trapp2017-316l-65w.width', tolerance: ROW_TOLERANCE }));
    rec(recordCase({ ...rowCase(solved, 'trapp2017-316l-65w', 'depth'), id: 'melt-pool.bead-on-plate.trapp2017-316l-65w.depth', tolerance: ROW_TOLERANCE }));
    rec(recordCase({ ...rowCase(solved, 'trapp2017-316l-83w', 'width'), id: 'melt-pool.bead-on-plate.trapp2017-316l-83w.width', tolerance: ROW_TOLERANCE }));
    rec(recordCase({ ...rowCase(solved, 'trapp2017-316l-83w', 'depth'), id: 'melt-pool.bead-on-plate.trapp2017-316l-83w.depth', tolerance: ROW_TOLERANCE }));
    rec(recordCase({ ...rowCase(solved, 'trapp2017-316l-99w', 'width'), id: 'melt-pool.bead-on-plate.trapp2017-316l-99w.width', tolerance: ROW_TOLERANCE }));
    rec(recordCase({ ...rowCase(solved, 'trapp2017-316l-99w', 'depth'), id: 'melt-pool.bead-on-plate.trapp2017-316l-99w.depth', tolerance: ROW_TOLERANCE }));
    rec(recordCase({ ...rowCase(solved, 'lane2020-in625-caseA', 'width'), id: 'melt-pool.bead-on-plate.lane2020-in625-caseA.width', tolerance: ROW_TOLERANCE }));
    rec(recordCase({ ...rowCase(solved, 'lane2020-in625-caseA', 'depth'), id: 'melt-pool.bead-on-plate.lane2020-in625-caseA.depth', tolerance: ROW_TOLERANCE }));
    rec(recordCase({ ...rowCase(solved, 'lane2020-in625-caseB', 'width'), id: 'melt-pool.bead-on-plate.lane2020-in625-caseB.width', tolerance: ROW_TOLERANCE }));
    rec(recordCase({ ...rowCase(solved, 'lane2020-in625-caseB', 'depth'), id: 'melt-pool.bead-on-plate.lane2020-in625-caseB.depth', tolerance: ROW_TOLERANCE }));
    rec(recordCase({ ...rowCase(solved, 'lane2020-in625-caseC', 'width'), id: 'melt-pool.bead-on-plate.lane2020-in625-caseC.width', tolerance: ROW_TOLERANCE }));
    rec(recordCase({ ...rowCase(solved, 'lane2020-in625-caseC', 'depth'), id: 'melt-pool.bead-on-plate.lane2020-in625-caseC.depth', tolerance: ROW_TOLERANCE }));
    rec(recordCase({ ...rowCase(solved, 'coen2022-ti64-sample5', 'width'), id: 'melt-pool.bead-on-plate.coen2022-ti64-sample5.width', tolerance: ROW_TOLERANCE }));
    rec(recordCase({ ...rowCase(solved, 'coen2022-ti64-sample5', 'depth'), id: 'melt-pool.bead-on-plate.coen2022-ti64-sample5.depth', tolerance: ROW_TOLERANCE }));
    rec(recordCase({ ...rowCase(solved, 'coen2022-ti64-sample1', 'width'), id: 'melt-pool.bead-on-plate.coen2022-ti64-sample1.width', tolerance: ROW_TOLERANCE }));
    rec(recordCase({ ...rowCase(solved, 'coen2022-ti64-sample1', 'depth'), id: 'melt-pool.bead-on-plate.coen2022-ti64-sample1.depth', tolerance: ROW_TOLERANCE }));
    rec(recordCase({ ...rowCase(solved, 'coen2022-ti64-sample9', 'width'), id: 'melt-pool.bead-on-plate.coen2022-ti64-sample9.width', tolerance: ROW_TOLERANCE }));
    rec(recordCase({ ...rowCase(solved, 'coen2022-ti64-sample9', 'depth'), id: 'melt-pool.bead-on-plate.coen2022-ti64-sample9.depth', tolerance: ROW_TOLERANCE }));
    expect(errors.length).toBe(2 * BEAD_ON_PLATE_ROWS.length);

    const summary = (quantity: 'width' | 'depth') => ({
      model: MODEL,
      kind: 'validation' as const,
      compared: `Mean absolute relative error of the melt-pool ${quantity} over the ${solved.size} rows of bead-on-plate.data.ts`,
      reference: 'Trapp et al. 2017 Fig. 3(a); Lane et al. 2020 Table 3 (CBM); Coen et al. 2022 Figshare data',
      error: meanAbsoluteError(solved, quantity),
      error_kind: 'absolute' as const,
      unit: '',
    });
    const widthMae = recordCase({ ...summary('width'), id: 'melt-pool.bead-on-plate.mae.width', tolerance: WIDTH_MAE_TOLERANCE });
    const depthMae = recordCase({ ...summary('depth'), id: 'melt-pool.bead-on-plate.mae.depth', tolerance: DEPTH_MAE_TOLERANCE });
    const lines = [...solved.values()].map((s) => `${s.row.id} (A ${s.absorptivity}): width ${s.width.toFixed(1)} / ${s.row.width.toFixed(1)} µm (${(100 * (s.width / s.row.width - 1)).toFixed(1)} %), depth ${s.depth.toFixed(1)} / ${s.row.depth.toFixed(1)} µm (${(100 * (s.depth / s.row.depth - 1)).toFixed(1)} %)`);
    (globalThis as { console?: { info(m: string): void } }).console?.info(`${lines.join('\n')}\nMAE width ${(100 * widthMae).toFixed(1)} %, depth ${(100 * depthMae).toFixed(1)} %`);
    if (MEETS.widthMae) expect(widthMae).toBeLessThanOrEqual(WIDTH_MAE_TOLERANCE);
    if (MEETS.depthMae) expect(depthMae).toBeLessThanOrEqual(DEPTH_MAE_TOLERANCE);
    if (MEETS.everyRow) expect(Math.max(...errors)).toBeLessThanOrEqual(ROW_TOLERANCE);
  }, 900_000);
});
