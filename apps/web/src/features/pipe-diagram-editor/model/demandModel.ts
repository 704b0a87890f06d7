// The network's demand model: demand-driven (every junction takes its demand whatever its pressure)
// or pressure-driven (EPANET's PDA: nothing at or below the minimum pressure, the full demand at or
// above the required pressure, ((p − pmin) / (preq − pmin))^exponent of it between). The document
// holds the pressures in Pa; the panel shows them in kPa, like the controls' pressures.
import type { NetworkDocument } from '@simforge/contracts';
import { fromSIIn, toSIIn } from './schedules';

export type DemandModel = 'dda' | 'pda';
export type PdaField = 'minimumPressure' | 'requiredPressure' | 'exponent';
type Pda = NonNullable<NetworkDocument['options']['pressureDrivenDemand']>;

export const PRESSURE_UNIT = 'kPa';
export const pdaLabels: Record<PdaField, string> = { minimumPressure: 'Minimum pressure', requiredPressure: 'Required pressure', exponent: 'Pressure exponent' };
export const pdaUnits: Record<PdaField, string> = { minimumPressure: PRESSURE_UNIT, requiredPressure: PRESSURE_UNIT, exponent: '' };

/** The engine's least gap between the required and minimum pressures, m of water head. */
export const PDA_MIN_GAP_HEAD = 0.1;
/** Pa per metre of head as the engine counts it: 1000 kg/m³ × specific gravity × standard gravity. */
const pascalsPerMetre = (network: NetworkDocument) => 1000 * (network.options.specificGravity ?? 1) * 9.80665;

// EPANET's own defaults (a required pressure of 0.1) make PDA behave as DDA; a common service
// pressure gives the user a starting point that visibly differs, to be set to the network's own.
const PDA_START: Pda = { minimumPressure: 0, requiredPressure: 200_000, exponent: 0.5 };

export function demandModelOf(network: NetworkDocument): DemandModel {
  return network.options.pressureDrivenDemand ? 'pda' : 'dda';
}

export function setDemandModel(network: NetworkDocument, model: DemandModel): NetworkDocument {
  if (model === demandModelOf(network)) return network;
  const { pressureDrivenDemand: _dropped, ...options } = network.options;
  return { ...network, options: model === 'pda' ? { ...options, pressureDrivenDemand: { ...PDA_START } } : options };
}

export function setPdaValue(network: NetworkDocument, field: PdaField, si: number): NetworkDocument {
  const pda = network.options.pressureDrivenDemand;
  if (!pda) return network;
  return { ...network, options: { ...network.options, pressureDrivenDemand: { ...pda, [field]: si } } };
}

export const pdaDisplay = (field: PdaField, si: number): number => Number(fromSIIn(si, pdaUnits[field]).toPrecision(10));

/** A typed value (display unit) as SI, or the message naming the field by its label. */
export function readPdaValue(field: PdaField, text: string): { si: number } | { error: string } {
  const label = pdaLabels[field];
  if (text.trim() === '') return { error: `${label} is required` };
  const value = Number(text);
  if (!Number.isFinite(value)) return { error: `${label} must be a number` };
  if (field === 'exponent') {
    if (!(value > 0)) return { error: `${label} must be more than 0` };
  } else {
    if (value < 0) return { error: `${label} must be 0 ${PRESSURE_UNIT} or more` };
    if (value > 100_000) return { error: `${label} must be at most 100000 ${PRESSURE_UNIT}` };
  }
  return { si: toSIIn(value, pdaUnits[field]) };
}

/** What the engine would refuse in the PDA values, each naming its field (the gap needs both pressures, so it is checked here). */
export function pdaProblems(network: NetworkDocument): { field: PdaField; message: string }[] {
  const pda = network.options.pressureDrivenDemand;
  if (!pda) return [];
  const problems: { field: PdaField; message: string }[] = [];
  if (!(pda.minimumPressure >= 0)) problems.push({ field: 'minimumPressure', message: `${pdaLabels.minimumPressure} must be 0 ${PRESSURE_UNIT} or more` });
  if (!(pda.exponent > 0)) problems.push({ field: 'exponent', message: `${pdaLabels.exponent} must be more than 0` });
  const rhoG = pascalsPerMetre(network);
  // In metres of head, computed as the engine does, so that what passes here passes there.
  if (!(pda.requiredPressure / rhoG - pda.minimumPressure / rhoG >= PDA_MIN_GAP_HEAD)) {
    const least = Number(fromSIIn(PDA_MIN_GAP_HEAD * rhoG, PRESSURE_UNIT).toPrecision(3));
    problems.push({ field: 'requiredPressure', message: `${pdaLabels.requiredPressure} must exceed the minimum pressure by at least ${PDA_MIN_GAP_HEAD} m of head (${least} ${PRESSURE_UNIT})` });
  }
  return problems;
}
