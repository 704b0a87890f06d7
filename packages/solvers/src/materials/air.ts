// Dry air as an ideal gas at low to moderate pressure.
//   Density: ideal gas, rho = p / (R T), R = R_u / M with R_u = 8.314462618 J/(mol K) (CODATA 2018,
//     exact) and M = 28.9647 g/mol (U.S. Standard Atmosphere 1976 / ISO 2533), R = 287.0530 J/(kg K).
//   Specific heat and enthalpy: the cubic ideal-gas fit for air of Çengel & Boles, "Thermodynamics:
//     An Engineering Approach", Table A-2(c): c_p = a + bT + cT² + dT³ kJ/(kmol K), a = 28.11,
//     b = 0.1967e-2, c = 0.4802e-5, d = -1.966e-9, 273-1800 K, max. error 0.72 %. h = ∫ c_p dT
//     (analytical, reference h(0 K) = 0).
//   Viscosity: Sutherland's law, mu = mu0 (T/T0)^1.5 (T0 + S)/(T + S), mu0 = 1.716e-5 Pa s,
//     T0 = 273 K, S = 111 K; thermal conductivity: the same form with k0 = 0.0241 W/(m K),
//     S = 194 K. White, "Viscous Fluid Flow", 3rd ed. (2006), Tables 1-2 and 1-3 (stated accuracy
//     ±2 % over 170-1900 K and 160-2000 K respectively).
// Checked against Incropera et al., "Fundamentals of Heat and Mass Transfer", Table A.4 at 300 K
// (materials.md) in air.test.ts: c_p, mu, k and Pr within 1 %. Incropera's density 1.1614 kg/m³ is
// 1.3 % below the ideal-gas value 1.1766 kg/m³ at 1 atm (real-gas compressibility at 300 K and 1 atm
// is a few 1e-4, so the difference lies in the table's density column, not in the gas law); we keep
// the ideal-gas law.

import { OutOfRangeError } from '../errors.js';
import type { Fluid, FluidState } from './fluid.js';

export const UNIVERSAL_GAS_CONSTANT = 8.314462618; // J/(mol K)
export const AIR_MOLAR_MASS = 28.9647e-3; // kg/mol
export const AIR_GAS_CONSTANT = UNIVERSAL_GAS_CONSTANT / AIR_MOLAR_MASS; // J/(kg K)

/**
 * The temperatures the air model accepts: the cp fit is published for 273-1800 K; we extend it down to
 * 250 K (c_p of air changes by < 0.1 % between 250 and 273 K) and stop at 1000 K.
 */
export const AIR_TEMPERATURE_RANGE = { min: 250, max: 1000 } as const;

const CP_A = 28.11 / AIR_MOLAR_MASS; // J/(kg K), with the kJ/kmol -> J/mol factor of 1
const CP_B = 0.1967e-2 / AIR_MOLAR_MASS;
const CP_C = 0.4802e-5 / AIR_MOLAR_MASS;
const CP_D = -1.966e-9 / AIR_MOLAR_MASS;

function sutherland(reference: number, temperature: number, t0: number, s: number): number {
  return reference * (temperature / t0) ** 1.5 * ((t0 + s) / (temperature + s));
}

export function airSpecificHeat(temperature: number): number {
  const T = temperature;
  return CP_A + T * (CP_B + T * (CP_C + T * CP_D));
}

export function airEnthalpy(temperature: number): number {
  const T = temperature;
  return T * (CP_A + T * (CP_B / 2 + T * (CP_C / 3 + (T * CP_D) / 4)));
}

export function airViscosity(temperature: number): number {
  return sutherland(1.716e-5, temperature, 273, 111);
}

export function airConductivity(temperature: number): number {
  return sutherland(0.0241, temperature, 273, 194);
}

export const air: Fluid = {
  id: 'air',
  label: 'Air (ideal gas)',
  phase: 'gas',
  reference:
    'ideal gas (M = 28.9647 g/mol); c_p: Çengel & Boles Table A-2(c) cubic fit; viscosity and conductivity: Sutherland laws of White, Viscous Fluid Flow (2006), Tables 1-2 and 1-3',
  temperatureRange: AIR_TEMPERATURE_RANGE,

  /** Ideal gas: c = sqrt(gamma R T), gamma = c_p / (c_p - R). */
  speedOfSound(state: FluidState): number {
    const gamma = state.specificHeat / (state.specificHeat - AIR_GAS_CONSTANT);
    return Math.sqrt(gamma * AIR_GAS_CONSTANT * state.temperature);
  },

  state(temperature: number, pressure: number): FluidState {
    const { min, max } = AIR_TEMPERATURE_RANGE;
    if (!(temperature >= min && temperature <= max)) {
      throw new OutOfRangeError(`air temperature ${temperature} K is outside the property model's range ${min}-${max} K`, 'temperature', temperature, min, max);
    }
    if (!(pressure > 0)) {
      throw new OutOfRangeError(`air pressure must stay above 0 Pa (got ${pressure} Pa)`, 'pressure', pressure, 0);
    }
    return {
      temperature,
      pressure,
      density: pressure / (AIR_GAS_CONSTANT * temperature),
      specificHeat: airSpecificHeat(temperature),
      enthalpy: airEnthalpy(temperature),
      viscosity: airViscosity(temperature),
      conductivity: airConductivity(temperature),
    };
  },
};
