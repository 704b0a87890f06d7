// The energy data of a network ([ENERGY] and the pumps' own prices and curves) resolved for the engine
// (hydraulics/energy.ts uses them).

import type { NetworkModel } from '../model.js';

export interface CompiledEnergy {
  /** Efficiency without a curve, %. */
  efficiency: number;
  price: number;
  /** Price pattern index (0: none). */
  pattern: number;
  demandCharge: number;
  /** In the order of the compiled pumps. */
  pumps: { curve: { x: Float64Array; y: Float64Array } | null; price: number; pattern: number }[];
}

export function compileEnergy(
  model: NetworkModel,
  find: {
    pattern(id: string | undefined, path: string): number;
    curve(id: string, path: string): { points: [number, number][] } | undefined;
  },
  problem: (path: string, message: string) => void,
): CompiledEnergy {
  const e = model.energy ?? {};
  const efficiency = e.efficiency ?? 75;
  if (!(efficiency > 0)) problem('energy.efficiency', 'must be positive');
  if (e.price !== undefined && !(e.price >= 0)) problem('energy.price', 'must not be negative');
  if (e.demandCharge !== undefined && !(e.demandCharge >= 0)) problem('energy.demandCharge', 'must not be negative');
  const pumps = model.pumps.map((pump, i) => {
    const path = `pumps[${i}]`;
    const points = pump.efficiencyCurve ? find.curve(pump.efficiencyCurve, `${path}.efficiencyCurve`)?.points : undefined;
    const curve = points && points.length > 0 ? { x: Float64Array.from(points, (p) => p[0]), y: Float64Array.from(points, (p) => p[1]) } : null;
    if (pump.energyPrice !== undefined && !(pump.energyPrice >= 0)) problem(`${path}.energyPrice`, 'must not be negative');
    return { curve, price: pump.energyPrice ?? 0, pattern: find.pattern(pump.pricePattern, `${path}.pricePattern`) };
  });
  return { efficiency, price: e.price ?? 0, pattern: find.pattern(e.pricePattern, 'energy.pricePattern'), demandCharge: e.demandCharge ?? 0, pumps };
}
