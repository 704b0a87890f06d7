// Engineering display units and their conversions to and from SI (simulations.md, "Shared
// conventions"): the API and the solvers speak SI; the forms, cards and plots show these units.
//
// Each unit is `SI = display * numerator / denominator + offset`. Scales are kept as two integers
// (or exact decimals) so that `toSI(25, 'mm')` is exactly 0.025 (one correctly rounded division),
// and results are rounded to 15 significant digits, which removes the noise of the offset units
// (`fromSI(293.15, '°C')` is 20, not 19.999999999999977) while staying below double precision;
// display values keep 14 significant digits.

export const quantities = [
  'dimensionless',
  'length',
  'velocity',
  'temperature',
  'temperature_difference',
  'pressure',
  'volume_flow_rate',
  'mass_flow_rate',
  'power',
  'heat_flux',
  'heat_input',
  'energy',
  'time',
  'heat_transfer_coefficient',
  'thermal_conductance',
  'density',
  'dynamic_viscosity',
  'thermal_conductivity',
  'specific_heat',
  'angle',
  'electric_potential',
  'electric_current',
  'specific_energy',
  'thermal_expansion',
  'hardness',
  'cooling_rate',
  'temperature_gradient',
  'kinematic_viscosity',
  'mass_flux',
  'power_per_length',
  'area',
  'energy_per_volume',
  'concentration',
] as const;
export type Quantity = (typeof quantities)[number];

export interface UnitDefinition {
  symbol: string;
  quantity: Quantity;
  /** The SI symbol of the quantity (the API's unit). */
  si: string;
  numerator: number;
  denominator: number;
  offset: number;
}

/** SI symbol of each quantity, as the solvers write it in results (`unit` fields). */
export const siUnitOf: Record<Quantity, string> = {
  dimensionless: '',
  length: 'm',
  velocity: 'm/s',
  temperature: 'K',
  temperature_difference: 'K',
  pressure: 'Pa',
  volume_flow_rate: 'm³/s',
  mass_flow_rate: 'kg/s',
  power: 'W',
  heat_flux: 'W/m²',
  heat_input: 'J/m',
  energy: 'J',
  time: 's',
  heat_transfer_coefficient: 'W/(m²·K)',
  thermal_conductance: 'W/K',
  density: 'kg/m³',
  dynamic_viscosity: 'Pa·s',
  thermal_conductivity: 'W/(m·K)',
  specific_heat: 'J/(kg·K)',
  angle: 'rad',
  electric_potential: 'V',
  electric_current: 'A',
  specific_energy: 'J/kg',
  thermal_expansion: '1/K',
  /** Vickers hardness: a scale of its own, not converted. */
  hardness: 'HV',
  cooling_rate: 'K/s',
  temperature_gradient: 'K/m',
  kinematic_viscosity: 'm²/s',
  mass_flux: 'kg/(m²·s)',
  power_per_length: 'W/m',
  energy_per_volume: 'J/m³',
  // Water quality is read and reported in mg/L as EPANET does (1 mg/L = 1 g/m³).
  concentration: 'mg/L',
  area: 'm²',
};

function unit(symbol: string, quantity: Quantity, numerator = 1, denominator = 1, offset = 0): UnitDefinition {
  return { symbol, quantity, si: siUnitOf[quantity], numerator, denominator, offset };
}

const definitions: UnitDefinition[] = [
  ...quantities.map((q) => unit(siUnitOf[q], q)),
  unit('%', 'dimensionless', 1, 100),
  unit('µm', 'length', 1, 1_000_000),
  unit('mm', 'length', 1, 1000),
  unit('cm', 'length', 1, 100),
  unit('km', 'length', 1000),
  unit('mm/s', 'velocity', 1, 1000),
  unit('m/min', 'velocity', 1, 60),
  unit('°C', 'temperature', 1, 1, 273.15),
  unit('kPa', 'pressure', 1000),
  unit('bar', 'pressure', 100_000),
  unit('MPa', 'pressure', 1_000_000),
  unit('L/s', 'volume_flow_rate', 1, 1000),
  unit('L/min', 'volume_flow_rate', 1, 60_000),
  unit('m³/h', 'volume_flow_rate', 1, 3600),
  unit('kg/h', 'mass_flow_rate', 1, 3600),
  unit('kW', 'power', 1000),
  unit('MW', 'power', 1_000_000),
  unit('kW/m²', 'heat_flux', 1000),
  unit('W/cm²', 'heat_flux', 10_000),
  unit('kJ/mm', 'heat_input', 1_000_000),
  unit('kJ/m', 'heat_input', 1000),
  unit('kJ', 'energy', 1000),
  unit('MJ', 'energy', 1_000_000),
  unit('GJ', 'energy', 1_000_000_000),
  unit('TJ', 'energy', 1_000_000_000_000),
  unit('kWh', 'energy', 3_600_000),
  unit('MWh', 'energy', 3_600_000_000),
  unit('ms', 'time', 1, 1000),
  unit('min', 'time', 60),
  unit('h', 'time', 3600),
  unit('d', 'time', 86_400),
  // The mean Gregorian month (365.25 d / 12), for axes that span a year.
  unit('month', 'time', 2_629_800),
  unit('kW/(m²·K)', 'heat_transfer_coefficient', 1000),
  unit('kW/K', 'thermal_conductance', 1000),
  unit('MW/K', 'thermal_conductance', 1_000_000),
  unit('mPa·s', 'dynamic_viscosity', 1, 1000),
  unit('kJ/(kg·K)', 'specific_heat', 1000),
  unit('kJ/kg', 'specific_energy', 1000),
  unit('µm/(m·K)', 'thermal_expansion', 1, 1_000_000),
  unit('K/mm', 'temperature_gradient', 1000),
  unit('mm²/s', 'kinematic_viscosity', 1, 1_000_000),
  unit('kW/m', 'power_per_length', 1000),
  // Pumping energy per volume: kWh/m³ (SI users), kWh per million US gallons (EPANET's US report).
  unit('kWh/m³', 'energy_per_volume', 3_600_000),
  unit('kWh/Mgal', 'energy_per_volume', 3_600_000, 3785.411784),
  unit('µg/L', 'concentration', 1, 1000),
  unit('mm²', 'area', 1, 1_000_000),
  unit('cm²', 'area', 1, 10_000),
  // Degrees: the one scale that is not a ratio of integers (π/180); round trips still hold to 14 digits.
  unit('°', 'angle', Math.PI, 180),
];

/** Every known unit by symbol. `K` is the temperature's SI unit (a difference in K converts the same). */
export const units: ReadonlyMap<string, UnitDefinition> = new Map(
  definitions.filter((d) => d.quantity !== 'temperature_difference').map((d) => [d.symbol, d]),
);

/** Every unit symbol of a quantity, SI first. */
export function unitsOf(quantity: Quantity): string[] {
  return [...units.values()].filter((u) => u.quantity === quantity).map((u) => u.symbol);
}

/** Quantities shown in their SI unit, as the solvers' results in them have always been shown. */
const siDisplayed = ['specific_energy', 'thermal_expansion', 'hardness', 'cooling_rate', 'temperature_gradient', 'kinematic_viscosity', 'mass_flux', 'power_per_length'] as const;
const shownInSI = Object.fromEntries(siDisplayed.map((q) => [q, siUnitOf[q]])) as Record<(typeof siDisplayed)[number], string>;

/** The unit a value is shown in by default (cards, plots, forms), by quantity. */
export const preferredDisplayUnit: Record<Quantity, string> = {
  dimensionless: '',
  length: 'mm',
  velocity: 'm/s',
  temperature: '°C',
  temperature_difference: 'K',
  pressure: 'bar',
  volume_flow_rate: 'L/s',
  mass_flow_rate: 'kg/s',
  power: 'kW',
  heat_flux: 'kW/m²',
  heat_input: 'kJ/mm',
  energy: 'kJ',
  time: 's',
  heat_transfer_coefficient: 'W/(m²·K)',
  thermal_conductance: 'kW/K',
  density: 'kg/m³',
  dynamic_viscosity: 'mPa·s',
  thermal_conductivity: 'W/(m·K)',
  specific_heat: 'J/(kg·K)',
  angle: '°',
  electric_potential: 'V',
  electric_current: 'A',
  area: 'mm²',
  energy_per_volume: 'kWh/m³',
  concentration: 'mg/L',
  ...shownInSI,
};

export class UnknownUnitError extends Error {
  constructor(readonly symbol: string) {
    super(`Unknown unit '${symbol}'`);
    this.name = 'UnknownUnitError';
  }
}

export function unitDefinition(symbol: string): UnitDefinition {
  const definition = units.get(symbol);
  if (!definition) throw new UnknownUnitError(symbol);
  return definition;
}

/** Rounds away binary noise: 15 significant digits is the precision a double always carries. */
export function cleanNumber(value: number, significantDigits = 15): number {
  if (!Number.isFinite(value) || value === 0) return value;
  return Number(value.toPrecision(significantDigits));
}

// Display values are typed by people: 14 significant digits undo one rounding of the SI value.
const DISPLAY_DIGITS = 14;

/** A value in `symbol` (e.g. 25 mm) as SI (0.025 m). */
export function toSI(value: number, symbol: string): number {
  const u = unitDefinition(symbol);
  if (u.numerator === 1 && u.denominator === 1 && u.offset === 0) return value;
  return cleanNumber((value * u.numerator) / u.denominator + u.offset);
}

/** An SI value (0.025 m) in `symbol` (25 mm). */
export function fromSI(value: number, symbol: string): number {
  const u = unitDefinition(symbol);
  if (u.numerator === 1 && u.denominator === 1 && u.offset === 0) return value;
  if (u.offset === 0) return cleanNumber((value * u.denominator) / u.numerator, DISPLAY_DIGITS);
  // A difference of two numbers carries the absolute precision of the larger one (293.15 - 273.15).
  const magnitude = Math.max(Math.abs(value), Math.abs(u.offset));
  const decimals = Math.max(0, Math.min(100, 15 - Math.ceil(Math.log10(magnitude))));
  const difference = Number((value - u.offset).toFixed(decimals));
  return cleanNumber((difference * u.denominator) / u.numerator, DISPLAY_DIGITS);
}

/** Converts between two units of the same quantity. */
export function convert(value: number, from: string, to: string): number {
  const a = unitDefinition(from);
  const b = unitDefinition(to);
  if (a.si !== b.si) throw new Error(`Cannot convert ${from} (${a.quantity}) to ${to} (${b.quantity})`);
  return fromSI(toSI(value, from), to);
}

/** The quantity an SI unit string (as found in solver results) measures, if known. */
export function quantityOfSIUnit(si: string): Quantity | undefined {
  return quantities.find((q) => siUnitOf[q] === si && q !== 'temperature_difference');
}

/**
 * How to show an SI result: the preferred display unit of its quantity, or the SI unit itself when
 * the unit is not one of ours. Temperatures are shown in °C; a `K` that is a difference should be
 * given `quantity: 'temperature_difference'` explicitly.
 */
export function displayUnitForSI(si: string, quantity?: Quantity): string {
  const q = quantity ?? quantityOfSIUnit(si);
  return q ? preferredDisplayUnit[q] : si;
}

/**
 * Units chosen by magnitude (the largest whose value is at least 1), for quantities where one fixed
 * unit reads badly: a pressure drop of 5.9 kPa, not 0.059 bar; a pipe of 10 m, not 10000 mm; a
 * year of plant heat in TJ, not 31,536,000 MJ. `from` is in SI.
 */
export const unitsByMagnitude: Partial<Record<Quantity, readonly { unit: string; from: number }[]>> = {
  length: [
    { unit: 'mm', from: 0 },
    { unit: 'm', from: 1 },
    { unit: 'km', from: 100_000 },
  ],
  pressure: [
    { unit: 'Pa', from: 0 },
    { unit: 'kPa', from: 1000 },
    { unit: 'bar', from: 100_000 },
  ],
  power: [
    { unit: 'W', from: 0 },
    { unit: 'kW', from: 1000 },
    { unit: 'MW', from: 1_000_000 },
  ],
  energy: [
    { unit: 'J', from: 0 },
    { unit: 'kJ', from: 1000 },
    { unit: 'MJ', from: 1_000_000 },
    { unit: 'GJ', from: 1_000_000_000 },
    { unit: 'TJ', from: 1_000_000_000_000 },
  ],
  heat_flux: [
    { unit: 'W/m²', from: 0 },
    { unit: 'kW/m²', from: 1000 },
  ],
  // A span reads in the unit it is counted in: a weld's 300 s in seconds, a day's network in hours,
  // a week in days, a geothermal year in months (the step is taken where the count reaches 3-10).
  time: [
    { unit: 's', from: 0 },
    { unit: 'min', from: 600 },
    { unit: 'h', from: 10_800 },
    { unit: 'd', from: 259_200 },
    { unit: 'month', from: 7_776_000 },
  ],
};

/** The metric unit to show an SI value of this magnitude in (the preferred unit where no ladder applies). */
export function displayUnitByMagnitude(si: string, magnitude: number | undefined, quantity?: Quantity): string {
  const q = quantity ?? quantityOfSIUnit(si);
  if (!q) return si;
  const ladder = unitsByMagnitude[q];
  if (!ladder || magnitude === undefined || !Number.isFinite(magnitude) || magnitude <= 0) return preferredDisplayUnit[q];
  let chosen = ladder[0]!.unit;
  for (const step of ladder) if (magnitude >= step.from) chosen = step.unit;
  return chosen;
}
