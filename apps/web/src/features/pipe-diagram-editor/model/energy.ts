// What pumping costs (EPANET's [ENERGY]): the network's efficiency for pumps without an efficiency
// curve, the price of energy per kWh and its pattern, the demand charge per kW of peak power; and per
// pump its own efficiency curve, price and price pattern. Prices are in whatever currency the user
// counts in; the engine only multiplies them. Renames and deletes of patterns and curves are carried
// to these fields by schedules.ts.
import type { NetworkDocument, NetworkPump } from '@simforge/contracts';

export type Energy = NonNullable<NetworkDocument['energy']>;
export type EnergyNumber = 'efficiency' | 'price' | 'demandCharge';

export const energyLabels: Record<EnergyNumber, string> = { efficiency: 'Pump efficiency', price: 'Energy price', demandCharge: 'Demand charge' };
export const energyUnits: Record<EnergyNumber, string> = { efficiency: '%', price: 'per kWh', demandCharge: 'per kW' };
/** What an empty field means: EPANET's defaults. */
export const energyDefaults: Record<EnergyNumber, string> = {
  efficiency: 'empty: 75 %, for pumps without an efficiency curve',
  price: 'empty: 0, free',
  demandCharge: 'per kW of the run’s peak pumping power; empty: 0',
};

/** The message naming the field when the value cannot be used, or null. */
export function energyValueProblem(key: EnergyNumber, value: number): string | null {
  const label = energyLabels[key];
  if (!Number.isFinite(value)) return `${label} must be a number`;
  if (key === 'efficiency') return value > 0 && value <= 100 ? null : `${label} must be more than 0 % and at most 100 %`;
  return value >= 0 ? null : `${label} must be 0 or more`;
}

/** One network energy setting (undefined: EPANET's default); an empty `energy` is dropped. */
export function setEnergyField<K extends keyof Energy>(network: NetworkDocument, key: K, value: Energy[K] | undefined): NetworkDocument {
  const { energy: old, ...rest } = network;
  const { [key]: _dropped, ...others } = old ?? {};
  const energy: Energy = value === undefined ? others : { ...others, [key]: value };
  return Object.keys(energy).length === 0 ? rest : { ...rest, energy };
}

type PumpEnergyKey = 'efficiencyCurve' | 'energyPrice' | 'pricePattern';

/** One pump's energy field (undefined: the network's). */
export function setPumpEnergy<K extends PumpEnergyKey>(network: NetworkDocument, pumpId: string, key: K, value: NetworkPump[K] | undefined): NetworkDocument {
  return {
    ...network,
    pumps: network.pumps.map((pump) => {
      if (pump.id !== pumpId) return pump;
      const { [key]: _old, ...rest } = pump;
      return (value === undefined ? rest : { ...rest, [key]: value }) as NetworkPump;
    }),
  };
}

/** What the engine would refuse in the energy settings (network-wide) and the pumps' (by pump). */
export function energyIssues(network: NetworkDocument): { element?: { kind: 'pump'; id: string }; setting?: 'energy'; message: string }[] {
  const issues: ReturnType<typeof energyIssues> = [];
  const patterns = new Set(network.patterns.map((p) => p.id));
  const energy = network.energy ?? {};
  for (const key of ['efficiency', 'price', 'demandCharge'] as const) {
    const value = energy[key];
    const problem = value === undefined ? null : energyValueProblem(key, value);
    if (problem) issues.push({ setting: 'energy', message: problem });
  }
  if (energy.pricePattern && !patterns.has(energy.pricePattern)) issues.push({ setting: 'energy', message: `Price pattern ${energy.pricePattern} does not exist` });
  const curves = new Map(network.curves.map((c) => [c.id, c]));
  for (const pump of network.pumps) {
    const element = { kind: 'pump' as const, id: pump.id };
    if (pump.efficiencyCurve) {
      const curve = curves.get(pump.efficiencyCurve);
      if (!curve) issues.push({ element, message: `Efficiency curve ${pump.efficiencyCurve} does not exist` });
      else if (curve.kind !== 'efficiency') issues.push({ element, message: `Curve ${curve.id} is not a pump efficiency curve` });
    }
    if (pump.pricePattern && !patterns.has(pump.pricePattern)) issues.push({ element, message: `Price pattern ${pump.pricePattern} does not exist` });
    if (pump.energyPrice !== undefined && !(pump.energyPrice >= 0)) issues.push({ element, message: 'Energy price must be 0 or more' });
  }
  return issues;
}
