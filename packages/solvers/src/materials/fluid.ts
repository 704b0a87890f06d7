// The fluid interface the physics models use: properties at a (temperature, pressure) state.

export interface FluidState {
  /** K */
  temperature: number;
  /** Pa */
  pressure: number;
  /** kg/m³ */
  density: number;
  /** Isobaric specific heat capacity, J/(kg K). */
  specificHeat: number;
  /** Dynamic viscosity, Pa s. */
  viscosity: number;
  /** Thermal conductivity, W/(m K). */
  conductivity: number;
  /** Specific enthalpy relative to the fluid's own reference state, J/kg. */
  enthalpy: number;
}

export interface TemperatureRange {
  min: number;
  max: number;
}

export interface Fluid {
  /** 'water', 'air' or 'custom'. */
  readonly id: string;
  readonly label: string;
  /** 'gas' for compressible fluids (ideal gas), 'liquid' otherwise. */
  readonly phase: 'liquid' | 'gas';
  /** The sources of the property equations, for logs and reports. */
  readonly reference: string;
  /** The temperatures (K) where the properties are defined and checked. */
  readonly temperatureRange: TemperatureRange;
  /** Properties at T (K) and p (Pa); throws OutOfRangeError outside the fluid's range. */
  state(temperature: number, pressure: number): FluidState;
  /** Saturation pressure (Pa) for a liquid that can boil in the model's range. */
  saturationPressure?(temperature: number): number;
  /** Speed of sound (m/s) at a state, for compressible fluids. */
  speedOfSound?(state: FluidState): number;
}

export function prandtlNumber(state: FluidState): number {
  return (state.viscosity * state.specificHeat) / state.conductivity;
}
