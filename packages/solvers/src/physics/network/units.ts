// Units of the network engine. The engine works in SI (m, m³/s, s, Pa); EPANET works internally in
// feet and cubic feet per second and converts its users' units with its own constants. To reproduce
// EPANET's answers, the tolerances and empirical constants of its algorithm are taken in its units and
// converted here exactly (1 ft = 0.3048 m), and `.inp` values are converted with EPANET's own factors.

/** One foot in metres (exact). */
export const FT = 0.3048;
/** One cubic foot per second in m³/s (exact). */
export const CFS = FT * FT * FT;

/** Standard gravity, used to turn pressure heads into pascals (p = ρ·g·h). */
export const STANDARD_GRAVITY = 9.80665;
/** Density of water at specific gravity 1, kg/m³ (p = ρ·g·h with ρ = 1000·SG). */
export const WATER_DENSITY = 1000;

/** The acceleration EPANET's Darcy–Weisbach and minor-loss formulas use: 32.2 ft/s². */
export const EPANET_GRAVITY = 32.2 * FT;
/** Kinematic viscosity of water EPANET assumes at relative viscosity 1: 1.1e-5 ft²/s. */
export const EPANET_VISCOSITY = 1.1e-5 * FT * FT;
/** EPANET's default molecular diffusivity (chlorine's, 1.3e-8 ft²/s), m²/s. */
export const EPANET_DIFFUSIVITY = 1.3e-8 * FT * FT;

export type FlowUnits = 'CFS' | 'GPM' | 'MGD' | 'IMGD' | 'AFD' | 'LPS' | 'LPM' | 'MLD' | 'CMH' | 'CMD' | 'CMS';
export type PressureUnits = 'PSI' | 'KPA' | 'METERS' | 'BAR' | 'FEET';

/** EPANET's factors: flow in the named unit per cubic foot per second. */
export const FLOW_UNITS_PER_CFS: Readonly<Record<FlowUnits, number>> = {
  CFS: 1,
  GPM: 448.831,
  MGD: 0.64632,
  IMGD: 0.5382,
  AFD: 1.9837,
  LPS: 28.317,
  LPM: 1699.0,
  MLD: 2.4466,
  CMH: 101.94,
  CMD: 2446.6,
  CMS: 0.028317,
};

/** Flow units whose files use metres and millimetres (the others use feet and inches). */
export const SI_FLOW_UNITS: ReadonlySet<FlowUnits> = new Set<FlowUnits>(['LPS', 'LPM', 'MLD', 'CMH', 'CMD', 'CMS']);

export function isFlowUnits(value: string): value is FlowUnits {
  return Object.prototype.hasOwnProperty.call(FLOW_UNITS_PER_CFS, value);
}

const PSI_PER_FT = 0.4333;
const KPA_PER_PSI = 6.895;
const BAR_PER_PSI = 0.068948;

/** EPANET's factors: pressure in the named unit per foot of head at specific gravity 1. */
export const PRESSURE_UNITS_PER_FT: Readonly<Record<PressureUnits, number>> = {
  PSI: PSI_PER_FT,
  KPA: KPA_PER_PSI * PSI_PER_FT,
  BAR: BAR_PER_PSI * PSI_PER_FT,
  METERS: FT,
  FEET: 1,
};

/** EPANET converts kilowatts to horsepower with this factor. */
export const KW_PER_HP = 0.7457;

/** The conversion factors of one `.inp` unit system (user unit per SI unit). */
export interface UnitSystem {
  flowUnits: FlowUnits;
  pressureUnits: PressureUnits;
  si: boolean;
  /** User flow unit per m³/s. */
  flow: number;
  /** User length unit (m or ft) per m. */
  length: number;
  /** User diameter unit (mm or in) per m. */
  diameter: number;
  /** User pressure unit per m of head (with the specific gravity where EPANET applies it). */
  pressure: number;
  /**
   * Pressure unit of emitter coefficients per m of head: EPANET 2.3 reads them per metre (SI flow
   * units) or per psi (US flow units) whatever the PRESSURE option says.
   */
  emitterPressure: number;
  /** User volume unit (m³ or ft³) per m³. */
  volume: number;
  /** User power unit (kW or hp) per W. */
  power: number;
}

export function unitSystem(flowUnits: FlowUnits, pressureUnits: PressureUnits | undefined, specificGravity = 1): UnitSystem {
  const si = SI_FLOW_UNITS.has(flowUnits);
  const pressure = pressureUnits ?? (si ? 'METERS' : 'PSI');
  const lengthPerFt = si ? FT : 1;
  return {
    flowUnits,
    pressureUnits: pressure,
    si,
    flow: FLOW_UNITS_PER_CFS[flowUnits] / CFS,
    length: lengthPerFt / FT,
    diameter: (si ? 1000 * FT : 12) / FT,
    pressure: pressurePerMetre(pressure, specificGravity),
    emitterPressure: pressurePerMetre(si ? 'METERS' : 'PSI', specificGravity),
    volume: (lengthPerFt / FT) ** 3,
    // EPANET: kW / KW_PER_HP = hp for SI files, hp for US files; 1 hp taken as 745.7 W.
    power: si ? 1 / 1000 : 1 / (KW_PER_HP * 1000),
  };
}

/**
 * User pressure per metre of head, as EPANET 2.3 converts: METERS and FEET are heads of the fluid
 * itself; PSI, KPA and BAR scale with the specific gravity.
 */
function pressurePerMetre(units: PressureUnits, specificGravity: number): number {
  const gravityFactor = units === 'METERS' || units === 'FEET' ? 1 : specificGravity;
  return (PRESSURE_UNITS_PER_FT[units] * gravityFactor) / FT;
}

/** ρ·g for a specific gravity: pascals per metre of head. */
export function pascalsPerMetre(specificGravity: number): number {
  return WATER_DENSITY * specificGravity * STANDARD_GRAVITY;
}
