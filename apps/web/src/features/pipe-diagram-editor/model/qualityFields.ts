// The water-quality values as the panels show them: label, unit (which follows what is simulated, the
// chemical's units and the reaction orders), what an empty field means, and what the engine would
// refuse, in words naming the field. The same checks refuse a typed value and name a stored one
// that blocks saving (qualityIssues), so that what passes here passes the `.inp` reader and the engine.
import type { NetworkDocument } from '@simforge/contracts';
import { formatNumber } from '../../../lib/displayUnits';
import { qualityOf, type Quality, type SourceType } from './quality';
import { subStepProblem } from './timeSteps';

export interface QualityValueSpec {
  label: string;
  unit: string;
  /** What the value is for and what an empty field means. */
  help: string;
  /** The message naming the field when the value cannot be used, or null. */
  problem(value: number): string | null;
}

export type QualityNumberKey = 'bulkOrder' | 'wallOrder' | 'tankOrder' | 'globalBulk' | 'globalWall' | 'limitingConcentration' | 'roughnessCorrelation' | 'diffusivity' | 'tolerance';

/** Molecular diffusivities above this would be read back from a US-units file as a multiple of chlorine's (EPANET reads values above 1e-4 ft²/s so). */
export const MAX_DIFFUSIVITY = 1e-6;

const anyNumber = (label: string) => (value: number) => (Number.isFinite(value) ? null : `${label} must be a number`);
const atLeastZero = (label: string) => (value: number) => (value >= 0 ? null : `${label} must be 0 or more`);
const spec = (label: string, unit: string, help: string, problem: (label: string) => QualityValueSpec['problem'] = anyNumber): QualityValueSpec => ({ label, unit, help, problem: problem(label) });

/** The unit of a quality value: the chemical's concentration, an age in hours, a trace in per cent. */
export function concentrationUnit(quality: Quality): string {
  if (quality.parameter === 'age') return 'h';
  if (quality.parameter === 'trace') return '%';
  return isMicrograms(quality) ? 'µg/L' : 'mg/L';
}

const isMicrograms = (quality: Quality) => /^(u|µ)/i.test(quality.units ?? '');
const massUnit = (quality: Quality) => (isMicrograms(quality) ? 'µg' : 'mg');

/** A bulk coefficient of order n is in (concentration)^(1−n) per day; Michaelis–Menten (n < 0) in concentration per day. */
export function bulkUnit(quality: Quality, order = 1): string {
  const n = order < 0 ? 0 : order;
  if (n === 1) return '1/day';
  const c = concentrationUnit(quality);
  return n === 0 ? `${c}/day` : `(${c})^(${formatNumber(1 - n)})/day`;
}

/** Wall coefficients: m/day for first-order reactions, mass per m² per day for zero-order ones. */
export function wallUnit(quality: Quality): string {
  return (quality.wallOrder ?? 1) === 0 ? `${massUnit(quality)}/m²/day` : 'm/day';
}

const correlationHelp: Record<NetworkDocument['options']['headloss'], string> = {
  'H-W': 'F / C with the Hazen-Williams C',
  'D-W': 'F / |ln(roughness / diameter)|',
  'C-M': 'F · n with Manning’s n',
};

/** The network-wide number settings of the quality tab, in its order. */
export function settingSpecs(network: NetworkDocument): Record<QualityNumberKey, QualityValueSpec> {
  const q = qualityOf(network);
  const c = concentrationUnit(q);
  return {
    bulkOrder: spec('Bulk reaction order', '', 'n of the rate k·Cⁿ in pipes: 1 first order, 0 zero order, below 0 Michaelis–Menten; empty: 1'),
    wallOrder: spec('Wall reaction order', '', '0 or 1; empty: 1', (label) => (value) => (value === 0 || value === 1 ? null : `${label} must be 0 or 1`)),
    tankOrder: spec('Tank reaction order', '', 'n of the bulk rate in tanks; empty: 1'),
    globalBulk: spec('Global bulk coefficient', bulkUnit(q, q.bulkOrder), 'Pipes without their own (and tanks, with the tank order); negative for decay; empty: 0'),
    globalWall: spec('Global wall coefficient', wallUnit(q), 'Pipes without their own; negative for decay; empty: 0'),
    limitingConcentration: spec('Limiting concentration', c, 'Where growth or decay stops; empty: none', atLeastZero),
    roughnessCorrelation: spec('Roughness correlation', wallUnit(q), `Wall coefficient of pipes without their own from their roughness, ${correlationHelp[network.options.headloss]}; empty: the global coefficient`),
    diffusivity: spec('Molecular diffusivity', 'm²/s', 'Of the chemical in water, for the wall reactions’ mass transfer; 0: none; empty: chlorine’s, 1.21e-9 m²/s', (label) => (value) =>
      value >= 0 && value <= MAX_DIFFUSIVITY ? null : `${label} must be between 0 and ${MAX_DIFFUSIVITY} m²/s`,
    ),
    tolerance: spec('Quality tolerance', c, 'Smallest difference kept as a separate parcel of water; empty: 0.01', atLeastZero),
  };
}

/** A node's initial quality: 0 or more (a trace at most 100 %). */
export function initialSpec(quality: Quality): QualityValueSpec {
  const label = 'Initial quality';
  const trace = quality.parameter === 'trace';
  return spec(label, concentrationUnit(quality), 'At the start of the run; empty: 0', () => (value) =>
    value >= 0 && (!trace || value <= 100) ? null : trace ? `${label} must be between 0 and 100 %` : `${label} must be 0 or more`,
  );
}

export const sourceTypeLabels: Record<SourceType | 'none', string> = {
  none: 'None',
  concen: 'Concentration of the inflow',
  mass: 'Mass booster',
  setpoint: 'Setpoint booster',
  flowpaced: 'Flow-paced booster',
};

export const sourceTypeHelp: Record<SourceType, string> = {
  concen: 'The concentration of water entering the network here: a reservoir’s or tank’s outflow, or a junction’s negative demand',
  mass: 'Mass added per minute to the water leaving the node',
  setpoint: 'The water leaving the node is raised to this concentration',
  flowpaced: 'This concentration is added to the water leaving the node',
};

/** A source's strength: a concentration, or for a mass booster a mass per minute. */
export function strengthSpec(quality: Quality, type: SourceType): QualityValueSpec {
  return spec('Source strength', type === 'mass' ? `${massUnit(quality)}/min` : concentrationUnit(quality), sourceTypeHelp[type], atLeastZero);
}

/** A pipe's or tank's own bulk coefficient (tanks react at the tank order). */
export function bulkSpec(network: NetworkDocument, tank: boolean): QualityValueSpec {
  const q = qualityOf(network);
  const global = q.globalBulk === undefined ? '0' : formatNumber(q.globalBulk);
  return spec('Bulk reaction coefficient', bulkUnit(q, tank ? q.tankOrder : q.bulkOrder), `Negative for decay; empty: the global one (${global})`);
}

/** A pipe's own wall coefficient. */
export function wallSpec(network: NetworkDocument): QualityValueSpec {
  const q = qualityOf(network);
  const fallback = q.roughnessCorrelation ? 'from the roughness correlation' : `the global one (${q.globalWall === undefined ? '0' : formatNumber(q.globalWall)})`;
  return spec('Wall reaction coefficient', wallUnit(q), `Negative for decay; empty: ${fallback}`);
}

export const fractionSpec: QualityValueSpec = spec('Mixing zone fraction', '', 'Share of the tank’s volume in the inlet and outlet compartment', (label) => (value) =>
  value > 0 && value <= 1 ? null : `${label} must be more than 0 and at most 1`,
);

/** Typed text as a value: empty is `undefined` (the default) when allowed; otherwise the message naming the field. */
export function readQualityValue(spec: QualityValueSpec, text: string, optional = true): { value: number | undefined } | { error: string } {
  const t = text.trim();
  if (t === '') return optional ? { value: undefined } : { error: `${spec.label} is required` };
  const value = Number(t);
  if (!Number.isFinite(value)) return { error: `${spec.label} must be a number` };
  const problem = spec.problem(value);
  return problem ? { error: problem } : { value };
}

// ------------------------------------------------------------------ names and the time step

const KEYWORDS = ['NONE', 'CHEM', 'AGE', 'TRACE'];

/** A chemical's name as the QUALITY option carries it: a name beginning like one of the option's keywords would be read back as that keyword. */
export function chemicalNameProblem(name: string): string | null {
  if (/[";\r\n]/.test(name)) return 'Chemical name must not contain quotes, semicolons or line breaks';
  if (name.length > 31) return 'Chemical name must be at most 31 characters';
  const start = KEYWORDS.find((k) => name.toUpperCase().startsWith(k));
  return start ? `Chemical name must not begin with ${start} (the .inp file would read it as that keyword)` : null;
}

/** The quality step in whole seconds, at most the hydraulic step (the engine would shorten it). */
export const qualityStepProblem = (step: number, hydraulicStep: number): string | null => subStepProblem('Quality time step', step, hydraulicStep);
