// The melt-pool result's series and fields (simulations.md, "melt-pool", "Views"): thermal history at
// the pool centreline, G–R points, top-surface and longitudinal temperature at the end of the track,
// the peak-temperature cross-section (its solidus isotherm is the fusion outline), and the plate's
// transient and residual deflection. Fields on the half model are mirrored to the full width (y < 0).

import type { Field, Series } from '../../../run/types.js';
import type { StructuredMesh } from '../../../thermal/mesh.js';
import type { MeltPoolState } from './state.js';

const MAX_HISTORY_POINTS = 600;

export function buildSeries(state: MeltPoolState): Record<string, Series> {
  const solver = state.solver!;
  const series: Record<string, Series> = {};
  const stride = Math.max(1, Math.ceil(solver.times.length / MAX_HISTORY_POINTS));
  const pick = <T>(values: readonly T[]) => values.filter((_, j) => j % stride === stride - 1 || j === values.length - 1);
  const x = (state.sectionX! * 1000).toFixed(3);
  series.thermal_history = {
    label: `Temperature on the pool centreline at x = ${x} mm`,
    x: { name: 'time', unit: 's', label: 'Time', values: pick(solver.times) },
    y: solver.probes.map((probe) => ({
      name: probe.name,
      unit: 'K',
      label: probe.name === 'surface' ? 'Surface' : `Depth ${((state.c.plate.thickness - probe.point.z) * 1e6).toFixed(1)} µm`,
      values: pick(probe.values),
    })),
  };
  const points = state.points!;
  series.solidification_map = {
    label: 'Thermal gradient G and solidification rate R on the trailing liquidus isotherm (centre plane and surface)',
    x: { name: 'G', unit: 'K/m', label: 'Thermal gradient G', values: points.map((p) => p.G) },
    y: [{ name: 'R', unit: 'm/s', label: 'Solidification rate R', values: points.map((p) => p.R) }],
  };
  return series;
}

/** Cell indices along an axis whose centres lie in [from, to]. */
function range(centres: Float64Array, from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < centres.length; i++) if (centres[i]! >= from && centres[i]! <= to) out.push(i);
  return out;
}

/** The y centres mirrored to the full width: indices into the half model and signed coordinates. */
function mirroredY(mesh: StructuredMesh, rows: number[]): { index: number[]; y: number[] } {
  const index = [...rows.slice().reverse(), ...rows];
  const y = [...rows.slice().reverse().map((r) => -mesh.yc[r]!), ...rows.map((r) => mesh.yc[r]!)];
  return { index, y };
}

export function buildFields(state: MeltPoolState): Record<string, Field> {
  const { c } = state;
  const plan = state.plan!;
  const mesh = state.mesh!;
  const solver = state.solver!;
  const w = plan.refinedBox;
  const fields: Record<string, Field> = {};
  const columns = range(mesh.xc, w.x0 - 2 * (w.x1 - w.x0) / 3, w.x1);
  const rows = range(mesh.yc, 0, Math.min(2 * w.y1, mesh.yFaces[mesh.ny]!));
  const layers = range(mesh.zc, Math.max(0, 2 * w.z0 - c.plate.thickness), c.plate.thickness);
  const top = mesh.nz - 1;
  const { index: yIndex, y } = mirroredY(mesh, rows);
  const outline = `melt-pool outline: the solidus isotherm ${c.material.solidus.toFixed(0)} K`;

  fields.top_temperature = {
    label: `Top-surface temperature at the end of the track (${outline})`,
    unit: 'K',
    grid: { axes: [{ name: 'x', unit: 'm', values: columns.map((i) => mesh.xc[i]!) }, { name: 'y', unit: 'm', values: y }] },
    shape: [columns.length, y.length],
    values: columns.flatMap((ix) => yIndex.map((iy) => solver.T[mesh.index(ix, iy, top)]!)),
  };
  fields.longitudinal_temperature = {
    label: `Temperature on the centre plane along the track at the end of the track (${outline})`,
    unit: 'K',
    grid: { axes: [{ name: 'x', unit: 'm', values: columns.map((i) => mesh.xc[i]!) }, { name: 'z', unit: 'm', values: layers.map((k) => mesh.zc[k]!) }] },
    shape: [columns.length, layers.length],
    values: columns.flatMap((ix) => layers.map((iz) => solver.T[mesh.index(ix, 0, iz)]!)),
  };
  const section = Math.max(0, Math.min(mesh.nx - 1, nearest(mesh.xc, state.sectionX!)));
  fields.cross_section_temperature = {
    label: `Peak temperature in the cross-section at x = ${(mesh.xc[section]! * 1000).toFixed(3)} mm (${outline}: the fusion zone)`,
    unit: 'K',
    grid: { axes: [{ name: 'y', unit: 'm', values: y }, { name: 'z', unit: 'm', values: layers.map((k) => mesh.zc[k]!) }] },
    shape: [y.length, layers.length],
    values: yIndex.flatMap((iy) => layers.map((iz) => solver.peak[mesh.index(section, iy, iz)]!)),
  };
  const plate = (response: { deflection: Float64Array }, label: string): Field => {
    const nodesX = mesh.nx + 1;
    const nodeRows = Array.from({ length: mesh.ny + 1 }, (_, j) => j);
    const yNodes = [...nodeRows.slice(1).reverse().map((j) => -mesh.yFaces[j]!), ...nodeRows.map((j) => mesh.yFaces[j]!)];
    const yNodeIndex = [...nodeRows.slice(1).reverse(), ...nodeRows];
    return {
      label,
      unit: 'm',
      grid: { axes: [{ name: 'x', unit: 'm', values: Array.from(mesh.xFaces) }, { name: 'y', unit: 'm', values: yNodes }] },
      shape: [nodesX, yNodes.length],
      values: Array.from({ length: nodesX }, (_, ix) => yNodeIndex.map((j) => response.deflection[ix + nodesX * j]!)).flat(),
    };
  };
  if (state.transient) fields.plate_deflection_transient = plate(state.transient[state.transient.length - 1]!, 'Plate deflection at the end of the track (thermal moments)');
  if (state.residual) fields.plate_deflection = plate(state.residual, 'Residual plate deflection (inherent strain from the peak temperatures)');
  return fields;
}

function nearest(centres: Float64Array, u: number): number {
  let best = 0;
  for (let i = 1; i < centres.length; i++) if (Math.abs(centres[i]! - u) < Math.abs(centres[best]! - u)) best = i;
  return best;
}
