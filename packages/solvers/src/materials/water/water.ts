// Liquid water, 0-180 °C: density, specific heat and enthalpy from IAPWS-IF97 region 1, viscosity
// from IAPWS 2008, thermal conductivity from IAPWS 2011 with its critical enhancement (see the three
// modules for sources).

import { OutOfRangeError } from '../../errors.js';
import type { Fluid, FluidState } from '../fluid.js';
import { waterConductivityBackground, waterConductivityCriticalEnhancement } from './conductivity.js';
import { region1, saturationPressure } from './if97.js';
import { waterViscosity } from './viscosity.js';

/** The range this library covers and tests for liquid water (the product's 0-180 °C). */
export const WATER_TEMPERATURE_RANGE = { min: 273.15, max: 453.15 } as const;
/** IF97 region 1 upper pressure limit. */
export const WATER_MAX_PRESSURE = 100e6;

function celsius(temperature: number): string {
  return `${(temperature - 273.15).toFixed(2)} °C`;
}

export const water: Fluid = {
  id: 'water',
  label: 'Water (liquid)',
  phase: 'liquid',
  reference:
    'IAPWS-IF97 region 1 (density, specific heat, enthalpy), IAPWS 2008 viscosity, IAPWS 2011 thermal conductivity (with the industrial critical enhancement)',
  temperatureRange: WATER_TEMPERATURE_RANGE,

  saturationPressure,

  speedOfSound: (state: FluidState) => region1(state.pressure, state.temperature).speedOfSound,

  state(temperature: number, pressure: number): FluidState {
    const { min, max } = WATER_TEMPERATURE_RANGE;
    if (!(temperature >= min && temperature <= max)) {
      throw new OutOfRangeError(
        `water temperature ${celsius(temperature)} is outside the property library's range 0-180 °C`,
        'temperature',
        temperature,
        min,
        max,
      );
    }
    if (!(pressure <= WATER_MAX_PRESSURE)) {
      throw new OutOfRangeError(`water pressure ${pressure} Pa exceeds the IF97 region 1 limit of 100 MPa`, 'pressure', pressure, undefined, WATER_MAX_PRESSURE);
    }
    const pSat = saturationPressure(temperature);
    if (!(pressure >= pSat)) {
      throw new OutOfRangeError(
        `water at ${celsius(temperature)} boils below ${pSat.toPrecision(6)} Pa; pressure ${pressure.toPrecision(6)} Pa is not liquid (single-phase liquid model)`,
        'pressure',
        pressure,
        pSat,
        WATER_MAX_PRESSURE,
      );
    }
    const r1 = region1(pressure, temperature);
    const viscosity = waterViscosity(r1.density, temperature);
    const enhancement = waterConductivityCriticalEnhancement({
      density: r1.density,
      temperature,
      specificHeat: r1.specificHeat,
      isochoricHeat: r1.isochoricHeat,
      densityPressureDerivative: r1.density * r1.isothermalCompressibility,
      viscosity,
    });
    return {
      temperature,
      pressure,
      density: r1.density,
      specificHeat: r1.specificHeat,
      enthalpy: r1.enthalpy,
      viscosity,
      conductivity: waterConductivityBackground(r1.density, temperature) + enhancement,
    };
  },
};
