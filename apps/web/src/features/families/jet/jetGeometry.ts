// What the jet view needs from the simulation's parameters (SI): nozzle shape and size, the
// nozzle-to-plate distance and the averaging radius. Without parameters (not loaded) the plate is
// taken from the stream function's grid, whose last x face is the plate.
import type { ResultsIndex } from '@simforge/contracts';

export interface JetGeometry {
  round: boolean;
  diameter: number;
  distance: number;
  averageRadius: number;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

export function jetGeometry(parameters: Record<string, unknown> | null | undefined, index: Pick<ResultsIndex, 'fields'>): JetGeometry | null {
  if (!parameters) return null;
  const nozzle = (parameters['nozzle'] ?? {}) as Record<string, unknown>;
  const diameter = num(nozzle['diameter']);
  const psi = index.fields.find((f) => f.name === 'streamfunction');
  const xFaces = psi?.grid.axes[1]?.values;
  const distance = num(parameters['nozzle_to_plate_distance']) ?? (xFaces && xFaces.length ? xFaces[xFaces.length - 1] : undefined);
  if (diameter === undefined || distance === undefined) return null;
  return { round: nozzle['shape'] !== 'slot', diameter, distance, averageRadius: num(parameters['average_radius']) ?? 2.5 * diameter };
}
