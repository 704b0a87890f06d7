// The unit system a user reads and types values in: SI, engineering metric (the catalogue's own
// display units: mm, bar, °C, L/s, kW) or US customary. Values stay SI on the wire; this module
// only converts for display and input. Metric and SI units come from the contracts' table; the US
// customary ones are defined here with their exact definitions (NIST SP 811, appendix B):
// 1 in = 0.0254 m, 1 lb = 0.45359237 kg, 1 lbf = 4.4482216152605 N, 1 US gal = 231 in³,
// 1 BTU (IT) = 1055.05585262 J, T(°F) = T(K)·9/5 − 459.67.
import { useSyncExternalStore } from 'react';
import { cleanNumber, fromSI as contractsFromSI, siUnitOf, toSI as contractsToSI, units, type Quantity } from '@simforge/contracts';
import { createListeners } from './listeners';

export const unitSystems = ['si', 'metric', 'us'] as const;
export type UnitSystem = (typeof unitSystems)[number];

export const unitSystemLabels: Record<UnitSystem, string> = {
  si: 'SI',
  metric: 'Engineering metric',
  us: 'US customary',
};

export const DEFAULT_UNIT_SYSTEM: UnitSystem = 'metric';

interface LinearUnit {
  quantity: Quantity;
  /** SI per unit. */
  scale: number;
  /** SI = value·scale + offset. */
  offset?: number;
}

const INCH = 0.0254;
const FOOT = 0.3048;
const POUND = 0.45359237;
const POUND_FORCE = 4.4482216152605;
const US_GALLON = 231 * INCH ** 3;
const BTU = 1055.05585262;
const HOUR = 3600;
const RANKINE = 5 / 9;

const usUnits: Record<string, LinearUnit> = {
  in: { quantity: 'length', scale: INCH },
  ft: { quantity: 'length', scale: FOOT },
  mi: { quantity: 'length', scale: 1609.344 },
  'ft/s': { quantity: 'velocity', scale: FOOT },
  'in/min': { quantity: 'velocity', scale: INCH / 60 },
  '°F': { quantity: 'temperature', scale: RANKINE, offset: 459.67 * RANKINE },
  'Δ°F': { quantity: 'temperature_difference', scale: RANKINE },
  psi: { quantity: 'pressure', scale: POUND_FORCE / INCH ** 2 },
  gpm: { quantity: 'volume_flow_rate', scale: US_GALLON / 60 },
  'lb/s': { quantity: 'mass_flow_rate', scale: POUND },
  'lb/h': { quantity: 'mass_flow_rate', scale: POUND / HOUR },
  'BTU/h': { quantity: 'power', scale: BTU / HOUR },
  'BTU/(h·ft²)': { quantity: 'heat_flux', scale: BTU / HOUR / FOOT ** 2 },
  'kJ/in': { quantity: 'heat_input', scale: 1000 / INCH },
  BTU: { quantity: 'energy', scale: BTU },
  // A million BTU: how US practice counts the heat of a plant over a season.
  MMBtu: { quantity: 'energy', scale: 1e6 * BTU },
  'BTU/(h·ft²·°F)': { quantity: 'heat_transfer_coefficient', scale: BTU / HOUR / FOOT ** 2 / RANKINE },
  'lb/ft³': { quantity: 'density', scale: POUND / FOOT ** 3 },
  cP: { quantity: 'dynamic_viscosity', scale: 0.001 },
  'BTU/(h·ft·°F)': { quantity: 'thermal_conductivity', scale: BTU / HOUR / FOOT / RANKINE },
  'BTU/(lb·°F)': { quantity: 'specific_heat', scale: BTU / POUND / RANKINE },
  'in²': { quantity: 'area', scale: INCH ** 2 },
  'BTU/lb': { quantity: 'specific_energy', scale: BTU / POUND },
  'µin/(in·°F)': { quantity: 'thermal_expansion', scale: 1e-6 / RANKINE },
};

/** Whether this module can convert a unit (a contracts unit or a US customary one). */
export function isKnownUnit(symbol: string): boolean {
  return units.has(symbol) || symbol in usUnits;
}

/** A value in `symbol` as SI. Unknown units pass through unchanged. */
export function toSIIn(value: number, symbol: string): number {
  const us = usUnits[symbol];
  if (us) return cleanNumber(value * us.scale + (us.offset ?? 0));
  return units.has(symbol) ? contractsToSI(value, symbol) : value;
}

/** An SI value in `symbol`. Unknown units pass through unchanged. */
export function fromSIIn(value: number, symbol: string): number {
  const us = usUnits[symbol];
  if (us) return cleanNumber((value - (us.offset ?? 0)) / us.scale, 14);
  return units.has(symbol) ? contractsFromSI(value, symbol) : value;
}

const smallLengths = new Set(['µm', 'mm', 'cm']);
const slowSpeeds = new Set(['mm/s', 'm/min']);

/**
 * The unit a quantity is shown in within a system. `nativeUnit` is the unit the catalogue (or the
 * result's SI unit) would use: engineering metric keeps it, SI and US customary pick theirs, keeping
 * the scale the engineer expects (a plate thickness in inches, a pipe length in feet, a welding
 * travel speed in in/min). Time, angle, voltage, current and dimensionless values keep their unit.
 */
export function unitInSystem(system: UnitSystem, quantity: Quantity | undefined, nativeUnit: string): string {
  if (!quantity || system === 'metric') return nativeUnit;
  if (quantity === 'time' || quantity === 'angle' || quantity === 'dimensionless' || quantity === 'electric_potential' || quantity === 'electric_current') {
    return quantity === 'time' && system === 'si' ? 's' : nativeUnit;
  }
  if (system === 'si') return siUnitOf[quantity];
  switch (quantity) {
    case 'length':
      return smallLengths.has(nativeUnit) ? 'in' : nativeUnit === 'km' ? 'mi' : 'ft';
    case 'velocity':
      return slowSpeeds.has(nativeUnit) ? 'in/min' : 'ft/s';
    case 'temperature':
      return '°F';
    case 'temperature_difference':
      return 'Δ°F';
    case 'pressure':
      return 'psi';
    case 'volume_flow_rate':
      return 'gpm';
    case 'mass_flow_rate':
      return nativeUnit === 'kg/h' ? 'lb/h' : 'lb/s';
    // Electrical and arc powers are quoted in W/kW in US practice too; heat flows use BTU/h.
    case 'power':
      return nativeUnit === 'W' || nativeUnit === 'kW' ? nativeUnit : 'BTU/h';
    case 'heat_flux':
      return 'BTU/(h·ft²)';
    case 'heat_input':
      return 'kJ/in';
    case 'energy':
      return nativeUnit === 'GJ' || nativeUnit === 'TJ' ? 'MMBtu' : 'BTU';
    case 'heat_transfer_coefficient':
      return 'BTU/(h·ft²·°F)';
    case 'density':
      return 'lb/ft³';
    case 'dynamic_viscosity':
      return 'cP';
    case 'thermal_conductivity':
      return 'BTU/(h·ft·°F)';
    case 'specific_heat':
      return 'BTU/(lb·°F)';
    case 'area':
      return 'in²';
    case 'specific_energy':
      return 'BTU/lb';
    case 'thermal_expansion':
      return 'µin/(in·°F)';
    // Pumping energy as EPANET's US report gives it: kWh per million gallons.
    case 'energy_per_volume':
      return 'kWh/Mgal';
    default:
      return nativeUnit;
  }
}

/** A number rounded for an input box: `digits` significant digits, no binary noise. */
export function roundForInput(value: number, digits = 6): number {
  return cleanNumber(value, digits);
}

// --- the user's choice ------------------------------------------------------------------------

const STORAGE_KEY = 'simforge.unitSystem';
const listeners = createListeners();
let current: UnitSystem = readStored();

function readStored(): UnitSystem {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return (unitSystems as readonly string[]).includes(stored ?? '') ? (stored as UnitSystem) : DEFAULT_UNIT_SYSTEM;
  } catch {
    return DEFAULT_UNIT_SYSTEM;
  }
}

/** The unit system in use now (outside React: the display helpers read it). */
export function activeUnitSystem(): UnitSystem {
  return current;
}

/** Sets the unit system for every screen (kept in local storage until the server preference arrives). */
export function setActiveUnitSystem(system: UnitSystem, options: { persist?: boolean } = {}): void {
  if (system === current) return;
  current = system;
  if (options.persist !== false) {
    try {
      window.localStorage.setItem(STORAGE_KEY, system);
    } catch {
      // Storage refused: the choice holds for this page's lifetime.
    }
  }
  listeners.notify();
}

/** The unit system, re-rendering the caller when it changes. */
export function useUnitSystem(): UnitSystem {
  return useSyncExternalStore(listeners.subscribe, activeUnitSystem, activeUnitSystem);
}
