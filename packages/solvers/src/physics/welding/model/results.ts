// The results of a welding run (simulations.md, cwm "Summary keys", "Views"): every pass measured
// (measure.ts), the whole weld's summary, the cross-section and top-surface fields, the 3-D frames,
// the thermal cycles and the energy ledger.

import type { RunContext } from '../../../run/context.js';
import type { Field, ScalarResult, Series } from '../../../run/types.js';
import { CELL_FILLER, CELL_SOLID, CELL_VOID } from '../../../thermal/index.js';
import { durenMaxHazHardness } from '../analytic/hardness.js';
import { fullWidth } from './frames.js';
import { weldPoolEvaporation } from './evaporation.js';
import { cycleAtPoint, measurePass, passSummary, pointWeights, type PassMeasurement } from './measure.js';
import type { State } from './state.js';
import { partTemperatureFrames, topSurfaceFrames } from './views.js';

const KELVIN = 273.15;
const mm = (v: number) => (v * 1000).toFixed(2);

/**
 * The temperature of the lower HAZ boundary per material (K): Ac1 for the ferritic steel, the β
 * transus for Ti-6Al-4V; none for the austenitic 316L, IN625 and the age-hardened AA6061 (no single
 * transformation temperature bounds their HAZ), so haz_width is omitted for them.
 */
export const HAZ_TEMPERATURE: Readonly<Record<string, { temperature: number; label: string } | undefined>> = {
  // Fe–C eutectoid (A1) 723 °C, the classic textbook value (727 °C in current diagrams) [RECALLED].
  S355: { temperature: 723 + KELVIN, label: 'Ac1 723 °C (ferritic steel, eutectoid temperature)' },
  // α + β → β transus ≈ 995 °C for Ti-6Al-4V [RECALLED, ASM Materials Properties Handbook: Titanium Alloys].
  Ti6Al4V: { temperature: 995 + KELVIN, label: 'β transus 995 °C (Ti-6Al-4V)' },
};

/**
 * The bound a peak is checked against when the material gives no boiling point (a user's material
 * without `boiling_point`): the highest boiling point of any element, rhenium's 5869 K at 1 atm (CRC
 * Handbook of Chemistry and Physics) [RECALLED]. No metal is liquid above it.
 */
export const NO_METAL_BOILS_ABOVE = 5869;

/** The warning for a peak above the material's boiling point (or NO_METAL_BOILS_ABOVE without one); undefined when below. */
export function boilingCheck(boiling: number | undefined, peak: number, evaporates: boolean): string | undefined {
  const cause =
    'the hottest metal lies in the pool, where the volumetric source heats it and only conduction (no weld-pool convection) carries the heat away, ' +
    'so the conduction model overestimates it there (most for a source small against the pool); the fusion boundary, HAZ and t8/5 depend far less on it';
  if (boiling !== undefined) {
    if (peak <= boiling) return undefined;
    const surface = evaporates ? "evaporation holds the pool's free surface below it, but " : 'the material has no evaporation data, so nothing bounds the surface either; ';
    return `peak temperature ${peak.toFixed(0)} K is above the boiling point ${boiling.toFixed(0)} K: ${surface}${cause}`;
  }
  if (peak <= NO_METAL_BOILS_ABOVE) return undefined;
  return (
    `peak temperature ${peak.toFixed(0)} K is above ${NO_METAL_BOILS_ABOVE} K, the highest boiling point of any element (rhenium): no metal is liquid there. ` +
    `The material gives no boiling point (custom_material.boiling_point), so this is the only bound checked; ${cause}`
  );
}

/** Sample points per cell side for the fused area. */
const AREA_SAMPLES = 4;

/**
 * The fused area (m², of the meshed section: half of a symmetric one) of the mid-length slice, and
 * its base-metal part, read the way the width is: the peak interpolated between cell centres
 * (pointWeights, bilinear over the metal cells) at AREA_SAMPLES² points of every metal cell, each
 * point fused when it reaches the solidus. Whole cells would move it in steps of a cell (2.25 mm² on
 * the coarse mesh, a tenth of a fillet's fused base metal).
 */
function fusedArea(state: State, solidus: number): { total: number; base: number } {
  const mesh = state.mesh!;
  const peak = state.solver!.peak;
  const mid = state.midColumn!;
  const metal = (i: number) => mesh.mask[i] === CELL_SOLID;
  const { nz } = mesh;
  const slice = (at: number) => peak[mesh.index(mid, Math.floor(at / nz), at % nz)]!;
  let [total, base] = [0, 0];
  for (let iy = 0; iy < mesh.ny; iy++)
    for (let iz = 0; iz < nz; iz++) {
      const i = mesh.index(mid, iy, iz);
      if (!metal(i)) continue;
      // Cells far from the solidus on every side need no sampling.
      let hot = false;
      let cold = false;
      for (const [jy, jz] of [[iy, iz], [iy - 1, iz], [iy + 1, iz], [iy, iz - 1], [iy, iz + 1]] as const) {
        if (jy < 0 || jy >= mesh.ny || jz < 0 || jz >= nz || !metal(mesh.index(mid, jy, jz))) continue;
        if (peak[mesh.index(mid, jy, jz)]! >= solidus) hot = true;
        else cold = true;
      }
      if (!hot) continue;
      let share = 1;
      if (cold) {
        let fused = 0;
        for (let a = 0; a < AREA_SAMPLES; a++)
          for (let b = 0; b < AREA_SAMPLES; b++) {
            const y = mesh.yFaces[iy]! + ((a + 0.5) / AREA_SAMPLES) * mesh.dy[iy]!;
            const z = mesh.zFaces[iz]! + ((b + 0.5) / AREA_SAMPLES) * mesh.dz[iz]!;
            const T = pointWeights(mesh, mid, metal, [y, z]).reduce((acc, t) => acc + t.weight * slice(t.at), 0);
            if (T >= solidus) fused++;
          }
        share = fused / AREA_SAMPLES ** 2;
      }
      const area = share * mesh.dy[iy]! * mesh.dz[iz]!;
      total += area;
      if (state.cellPass![i]! < 0) base += area;
    }
  return { total, base };
}

// Long function: every summary key, series and field of a welding run, in the order of simulations.md.
export function resultsPhase(state: State, ctx: RunContext): void {
  const { c } = state;
  const plans = state.plans!;
  const multi = plans.length > 1;
  const mesh = state.mesh!;
  const solver = state.solver!;
  const { nz } = mesh;
  const mid = state.midColumn!;
  const solidus = c.material.solidus;
  const power = c.efficiency * c.voltage * c.current;
  const haz = HAZ_TEMPERATURE[c.materialId];
  const times = state.ledgerHistory.map((s) => s.time);
  const measured: PassMeasurement[] = plans.map((plan, k) => {
    ctx.checkAbort();
    const record = state.passes[k]!;
    const prefix = multi ? `pass ${k + 1}: ` : '';
    return measurePass({
      mesh,
      plan,
      peak: record.peak,
      cellPass: state.cellPass!,
      mid,
      times,
      slices: state.sliceHistory,
      window: { from: record.from, to: record.to },
      solidus,
      preheat: c.preheat,
      ...(haz ? { haz } : {}),
      log: { info: (m) => ctx.info(prefix + m), warn: (m) => ctx.warn(prefix + m) },
    });
  });
  const first = measured[0]!;
  const plan = plans[0]!;
  let peakMax = -Infinity;
  for (let i = 0; i < mesh.cellCount; i++) if (mesh.mask[i] === CELL_SOLID && solver.peak[i]! > peakMax) peakMax = solver.peak[i]!;
  const widest = Math.max(...measured.map((m) => m.fusionWidth));
  const deepest = Math.max(...measured.map((m) => m.penetration));
  const timed = measured.map((m, k) => ({ k, t85: m.t85 })).filter((m): m is { k: number; t85: number } => m.t85 !== undefined);
  const shortest = timed.length > 0 ? timed.reduce((a, b) => (b.t85 < a.t85 ? b : a)) : undefined;

  const boiling = boilingCheck(c.material.boiling, peakMax, weldPoolEvaporation(c.materialId, c.material) !== undefined);
  if (boiling) ctx.warn(boiling);
  const overPasses = multi ? `; the largest of the ${plans.length} passes, each read on the surface its torch faces` : '';
  const summary: Record<string, ScalarResult> = {
    heat_input: { value: power / c.travelSpeed, unit: 'J/m', label: `Heat input η·U·I/v${multi ? ` (per pass, ${plans.length} passes)` : ''}` },
    peak_temperature: { value: peakMax, unit: 'K', label: 'Highest temperature reached in the part' },
    fusion_zone_width: {
      value: widest,
      unit: 'm',
      label: `Fusion-zone width (peak ≥ solidus ${(solidus - KELVIN).toFixed(0)} °C) on the top surface at mid-length, projected on y, crossings interpolated between cell centres${overPasses}`,
    },
    penetration_depth: { value: deepest, unit: 'm', label: `Depth of the fused region (peak ≥ solidus) below the bead surface, along the torch axis, at mid-length, the solidus crossing interpolated between cell centres${overPasses}` },
  };
  if (haz) {
    summary.haz_width = {
      value: Math.max(...measured.map((m) => m.hazWidth ?? 0)),
      unit: 'm',
      label: `HAZ width on one side (${plan.side > 0 ? '+y' : '−y'}): from the fusion boundary to where the peak falls below ${haz.label}, top surface at mid-length${overPasses}`,
    };
  } else ctx.info(`haz_width omitted: no single transformation temperature bounds the HAZ of ${c.material.label}`);
  if (shortest) {
    const m = measured[shortest.k]!;
    const where = m.cyclePoint
      ? `of the weld (EN 1011-2: the weld metal's and the adjacent HAZ's), read in the weld metal at the bead's centroid (y ${mm(m.cyclePoint[0])} mm, z ${mm(m.cyclePoint[1])} mm${m.baseFused ? '' : '; no base metal fused there'})`
      : m.baseFused
      ? 'in the base metal at the fusion boundary'
      : 'at the hottest base-metal point (no fusion there)';
    summary.t8_5 = { value: shortest.t85, unit: 's', label: `Cooling time 800-500 °C ${where}, mid-length${multi ? `; the shortest of the passes (pass ${shortest.k + 1}), which sets the hardest HAZ` : ''}` };
  }
  if (c.materialId === 'S355' && shortest) {
    const hv = durenMaxHazHardness(c.chemistry, shortest.t85);
    summary.max_haz_hardness = {
      value: hv.hardness,
      unit: 'HV',
      label: `Maximum HAZ hardness (Düren 1986 with the simulated t8/5${multi ? ` of pass ${shortest.k + 1}, as welded: the tempering by later passes is not modelled` : ''}, CE_B ${hv.carbonEquivalent.toFixed(3)}${hv.martensiteLimited ? ', martensite limit' : ''})`,
    };
  } else if (c.materialId !== 'S355') ctx.info('max_haz_hardness omitted: the Düren formula applies to C-Mn and low-alloy (ferritic) steels only');
  summary.energy_balance_error = { value: solver.balanceError(), unit: '', label: 'Relative energy balance error (source + bead − losses − stored)/scale' };
  const mirror = plan.symmetric ? 2 : 1;
  const fused = fusedArea(state, solidus);
  summary.fusion_zone_area = {
    value: mirror * fused.total,
    unit: 'm²',
    label: `Fused area of the cross-section at mid-length (peak ≥ solidus, weld metal and base metal${multi ? `, all ${plans.length} passes` : ''}; the peak interpolated between cell centres)`,
  };
  ctx.info(`fusion_zone_area ${(mirror * fused.total * 1e6).toFixed(2)} mm², of which base metal ${(mirror * fused.base * 1e6).toFixed(2)} mm² (the rest the bead)`);
  if (multi) measured.forEach((m, k) => Object.assign(summary, passSummary(k + 1, m, { startTemperature: state.passes[k]!.startTemperature, energyInput: mirror * (state.passes[k]!.sourceIn + state.passes[k]!.deposited) })));

  // Fields: the mid-length peak temperature on the full section (mirrored for a half section).
  const width = fullWidth(mesh.yc, plan.symmetric);
  const yValues = width.y;
  const peakValues: number[] = [];
  const materialValues: number[] = [];
  const cellAt = (iy: number, iz: number) => mesh.index(mid, iy, iz);
  for (const iy of width.source) {
    for (let iz = 0; iz < nz; iz++) {
      const i = cellAt(iy, iz);
      const solidCell = mesh.mask[i] === CELL_SOLID;
      peakValues.push(solidCell ? solver.peak[i]! : c.preheat);
      materialValues.push(solidCell ? 1 : mesh.mask[i] === CELL_FILLER ? 2 : 0);
    }
  }
  const sectionAxes = [
    { name: 'y', unit: 'm', values: yValues },
    { name: 'z', unit: 'm', values: Array.from(mesh.zc) },
  ];
  const lastPass = state.passes[state.passes.length - 1]!;
  const fields: Record<string, Field> = {
    peak_temperature_cross_section: {
      label: `Peak temperature on the cross-section at mid-length (x = ${(mesh.xc[mid]! * 1000).toFixed(1)} mm)${multi ? `, over all ${plans.length} passes` : ''}; solidus ${solidus.toFixed(1)} K${haz ? `, HAZ boundary ${haz.temperature.toFixed(2)} K` : ''}; cells outside the metal hold the preheat temperature (see cross_section_material)`,
      unit: 'K',
      grid: { axes: sectionAxes },
      shape: [yValues.length, nz],
      values: peakValues,
    },
    cross_section_material: {
      label: 'Cross-section cells: 0 outside the part, 1 metal (base and deposited bead), 2 bead not deposited (later passes)',
      unit: '',
      grid: { axes: sectionAxes },
      shape: [yValues.length, nz],
      values: materialValues,
    },
    top_surface_temperature: {
      label: `Temperature of the topmost metal cell of each column at the end of the ${multi ? 'last pass' : 'pass'} (t = ${lastPass.end.toFixed(2)} s); preheat where a column has no metal`,
      unit: 'K',
      grid: {
        axes: [
          { name: 'x', unit: 'm', values: Array.from(mesh.xc) },
          { name: 'y', unit: 'm', values: Array.from(mesh.yc) },
        ],
      },
      shape: [mesh.nx, mesh.ny],
      values: state.topAtPassEnd!.map((v) => (Number.isFinite(v) ? v : c.preheat)),
    },
    top_surface_temperature_frames: topSurfaceFrames({
      mesh,
      frames: state.topFrames,
      width,
      frameInterval: state.schedule!.stride * state.passes[0]!.dtPass,
      travelSpeed: c.travelSpeed,
      mirrored: plan.symmetric,
      passes: plans.length,
      checkAbort: ctx.checkAbort,
    }),
    temperature_3d: partTemperatureFrames(mesh, state.volumeFrames, plan.symmetric, ctx.checkAbort),
  };

  const series: Record<string, Series> = {};
  const cycleAt = (iy: number, iz: number) => state.sliceHistory.map((slice) => slice[iy * nz + iz]!);
  const fusionProbes = measured.flatMap((m, k) =>
    m.cyclePoint
      ? [
          {
            name: k === 0 ? 'fusion_line' : `fusion_line_pass_${k + 1}`,
            label: `${multi ? `Pass ${k + 1}: ` : ''}Weld metal at the bead's centroid, where t8/5 is read${m.baseFused ? '' : ', no base metal fused'} (y ${mm(m.cyclePoint[0])} mm, z ${mm(m.cyclePoint[1])} mm)`,
            unit: 'K',
            values: cycleAtPoint({ mesh, mid, slices: state.sliceHistory, window: { from: 0, to: state.sliceHistory.length } }, (i) => mesh.mask[i] !== CELL_VOID && state.cellPass![i]! <= k, m.cyclePoint),
          },
        ]
      : m.cycleColumn >= 0
      ? [
          {
            name: k === 0 ? 'fusion_line' : `fusion_line_pass_${k + 1}`,
            label: `${multi ? `Pass ${k + 1}: ` : ''}${m.baseFused ? 'Fusion line, base metal' : 'Hottest base-metal point'} (y ${mm(mesh.yc[m.cycleColumn]!)} mm, z ${mm(mesh.zc[m.cycleRow]!)} mm)`,
            unit: 'K',
            values: cycleAt(m.cycleColumn, m.cycleRow),
          },
        ]
      : [],
  );
  const probes: { name: string; label: string; column: number }[] = [];
  if (first.hazColumn >= 0) probes.push({ name: 'haz', label: `${multi ? 'Pass 1 ' : ''}HAZ (y ${mm(mesh.yc[first.hazColumn]!)} mm)`, column: first.hazColumn });
  if (first.surfaceRow[first.farColumn]! >= 0) probes.push({ name: 'weld_line_10mm', label: `10 mm from the ${multi ? 'first pass\'s ' : ''}weld line (y ${mm(mesh.yc[first.farColumn]!)} mm)`, column: first.farColumn });
  series.thermal_cycles = {
    label: `Thermal cycles on the ${multi ? "surface each pass's torch faces" : 'top surface'} at mid-length`,
    x: { name: 'time', unit: 's', label: 'Time', values: times },
    y: [...fusionProbes, ...probes.map((p) => ({ name: p.name, unit: 'K', label: p.label, values: cycleAt(p.column, first.surfaceRow[p.column]!) }))],
  };
  const ledger = state.ledgerHistory;
  series.energy_ledger = {
    label: 'Energy ledger (cumulative)',
    x: { name: 'time', unit: 's', label: 'Time', values: times },
    y: [
      { name: 'source_in', unit: 'J', label: 'Heat from the source into the part', values: ledger.map((s) => s.sourceIn) },
      { name: 'bead_deposited', unit: 'J', label: 'Enthalpy of the deposited bead', values: ledger.map((s) => s.deposited) },
      { name: 'surface_loss', unit: 'J', label: 'Lost by convection and radiation', values: ledger.map((s) => s.surfaceLoss) },
      { name: 'evaporated', unit: 'J', label: "Lost by evaporation from the pool's free surface", values: ledger.map((s) => s.evaporated) },
      { name: 'stored_change', unit: 'J', label: 'Stored enthalpy change', values: ledger.map((s) => s.storedChange) },
    ],
  };
  measured.forEach((m, k) => {
    const record = state.passes[k]!;
    ctx.info(
      `results${multi ? ` pass ${k + 1} (t ${record.start.toFixed(1)}…${record.end.toFixed(1)} s, started at ${(record.startTemperature - KELVIN).toFixed(0)} °C; source ${(record.sourceIn / 1000).toFixed(2)} kJ + bead ${(record.deposited / 1000).toFixed(2)} kJ)` : ''}: ` +
        `peak ${(m.peakMax - KELVIN).toFixed(0)} °C, fusion width ${mm(m.fusionWidth)} mm, penetration ${mm(m.penetration)} mm, t8/5 ${m.t85 === undefined ? 'n/a' : `${m.t85.toFixed(2)} s`} (t8/5 read at ${m.cyclePoint ? `the bead's centroid, y ${mm(m.cyclePoint[0])} mm, z ${mm(m.cyclePoint[1])} mm` : m.cycleColumn >= 0 ? `y ${mm(mesh.yc[m.cycleColumn]!)} mm, z ${mm(mesh.zc[m.cycleRow]!)} mm` : 'n/a'})`,
    );
  });
  state.output = { summary, series, fields };
}
