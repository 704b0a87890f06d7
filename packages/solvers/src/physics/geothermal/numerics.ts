// The plant's numerics as data: the tank's time scheme and the rule that splits each control step
// into integration substeps.

import { defaultTankNumerics, type TankNumerics } from './tank.js';

/**
 * Largest exchange number Δt Σ|coefficients| / (m c) of a tank node in one substep. With
 * Crank-Nicolson the tanks-in-series outlet is then within 0.02 K of the exact solution for N 1-30
 * (tank.test.ts; the error falls as the square of this number).
 */
export const DEFAULT_MAX_EXCHANGE_NUMBER = 0.1;

export interface PlantNumerics {
  tank: TankNumerics;
  maxExchangeNumber: number;
}

export const defaultPlantNumerics: PlantNumerics = { tank: defaultTankNumerics, maxExchangeNumber: DEFAULT_MAX_EXCHANGE_NUMBER };
