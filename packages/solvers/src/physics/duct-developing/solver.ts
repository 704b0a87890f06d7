// The developing-duct solver (CIRCULAR_PIPE / CIRCULAR_ANNULUS, numerical entrance region) as named
// phases run by the shared driver: set-up (grid, fully developed state), march, entrance lengths
// (a longer virtual duct when the real one ends before the flow develops), results.

import { runPhases, type Phase, type RunContext } from '../../run/context.js';
import type { Field, ScalarResult, Series, SeriesAxis, SolverOutput } from '../../run/types.js';
import { colebrookFrictionFactor } from '../duct-1d/friction.js';
import { GNIELINSKI_VALIDITY, gnielinskiNusselt } from '../duct-1d/heat-transfer.js';
import { STANDARD_GRAVITY } from '../duct-1d/march.js';
import { TURBULENT_REYNOLDS_LIMIT } from '../duct-1d/regime.js';
import { seriesNodeIndices } from '../duct-1d/solver.js';
import { annulusLaminarFrictionReynolds, PIPE_LAMINAR_NUSSELT_HEAT_FLUX, PIPE_LAMINAR_NUSSELT_TEMPERATURE } from './exact.js';
import { fullyDevelopedHeat, fullyDevelopedHeatKind, type FullyDevelopedHeat } from './fully-developed.js';
import { innerRadius, outerRadius, wallSpacingFraction } from './grid.js';
import { DevelopingFlowMarch, type DevelopingFlowSolution, type Profile } from './march.js';
import type { DevelopingDuctCase } from './parameters.js';
import type { DevelopingFlowProblem, WallThermal } from './problem.js';
import { COLEBROOK_AGREEMENT, colebrookRoughnessFunction, roughnessShiftPlus } from './roughness.js';
import { apparentFrictionFactor, hydrodynamicEntranceLength, localFrictionFactor, localNusselt, meanNusselt, thermalEntranceLength } from './results.js';

interface DuctRun {
  duct: DevelopingDuctCase;
  march?: DevelopingFlowMarch;
  solution?: DevelopingFlowSolution;
  entrance: { hydrodynamic?: number; thermal?: number; extended?: number };
  output?: SolverOutput;
}

function fmt(value: number, digits = 5): string {
  return Number(value.toPrecision(digits)).toString();
}

function scalar(value: number | string, unit: string, label: string): ScalarResult {
  return { value, unit, label };
}

function axis(name: string, unit: string, label: string, values: ArrayLike<number>): SeriesAxis {
  return { name, unit, label, values: Array.from(values) };
}

function describeWall(wall: WallThermal): string {
  switch (wall.condition) {
    case 'adiabatic':
      return 'adiabatic';
    case 'temperature':
      return `T = ${fmt(wall.temperature)} K`;
    case 'heat_flux':
      return `q = ${fmt(wall.heatFlux)} W/m²`;
  }
}

const setUpPhase: Phase<DuctRun> = {
  name: 'grid and fully developed state',
  weight: 1,
  run(run, ctx) {
    const { duct } = run;
    const { problem, numerics, inletState } = duct;
    const march = new DevelopingFlowMarch(problem, numerics);
    run.march = march;
    const { flow, grid } = march;
    const fd = march.fullyDeveloped;
    ctx.info(`fluid: ${duct.fluid.label}; properties: ${duct.fluid.reference}`);
    ctx.info(
      `constant properties at the inlet state T = ${fmt(inletState.temperature)} K, p = ${fmt(inletState.pressure)} Pa: rho = ${fmt(inletState.density)} kg/m³, ` +
        `c_p = ${fmt(inletState.specificHeat)} J/(kg·K), mu = ${fmt(inletState.viscosity)} Pa·s, k = ${fmt(inletState.conductivity)} W/(m·K)`,
    );
    ctx.info(
      `${duct.kind === 'pipe' ? 'pipe' : `annulus r_i/r_o = ${fmt(innerRadius(problem.shape) / outerRadius(problem.shape))}`}, D_h = ${fmt(flow.hydraulicDiameter)} m, ` +
        `u_m = ${fmt(flow.meanVelocity)} m/s, Re = ${fmt(flow.reynolds)}, Pr = ${fmt(flow.prandtl)}, ${problem.flowModel} model` +
        (duct.flowModelChoice === 'auto' ? ' (chosen by Re)' : ' (as requested)'),
    );
    const walls = duct.kind === 'pipe' ? `wall ${describeWall(problem.walls.outer)}` : `inner wall ${describeWall(problem.walls.inner)}, outer wall ${describeWall(problem.walls.outer)}`;
    ctx.info(walls);
    const spacing = wallSpacingFraction(problem.shape.kind, grid.cells, grid.stretching) * (outerRadius(problem.shape) - innerRadius(problem.shape));
    const frictionVelocity = Math.sqrt(fd.flow.wallShear.outer / problem.properties.density);
    ctx.info(
      `radial grid: ${grid.cells} cells, tanh clustering beta = ${fmt(grid.stretching, 4)}, first spacing ${fmt(spacing, 4)} m ` +
        `(y+ = ${fmt((spacing * frictionVelocity * problem.properties.density) / problem.properties.viscosity, 3)} in the fully developed flow); ` +
        `${march.stepCount} axial steps (${numerics.axialScheme}, first ${fmt(march.positions[1]!, 4)} m, growth ${numerics.stepGrowth})`,
    );
    logFullyDeveloped(run, ctx);
    if (flow.reynolds < 100) ctx.warn(`Re = ${fmt(flow.reynolds, 3)} < 100: the parabolised equations neglect axial diffusion, which shortens the computed entrance region noticeably at such low Re`);
    if (problem.flowModel === 'turbulent' && flow.reynolds < TURBULENT_REYNOLDS_LIMIT) {
      ctx.warn(`Re = ${fmt(flow.reynolds, 4)} lies in the laminar-turbulent transition (2300-4000): the eddy-viscosity model assumes fully turbulent flow from the inlet; expect uncertainties of ±30 % or more`);
    }
    if (problem.flowModel === 'laminar' && flow.reynolds > 2300) ctx.warn(`laminar flow was requested at Re = ${fmt(flow.reynolds, 4)} > 2300: valid only for a disturbance-free inlet`);
    if (problem.flowModel === 'turbulent' && problem.shape.kind === 'annulus') {
      ctx.info(
        'annulus, turbulent: the mixing length splits the gap at the radius of maximum velocity, where it gives no eddy viscosity; heat crossing that radius (one wall heated) meets a resistance real turbulence does not have, so the heated wall\'s Nusselt number is less certain than a pipe\'s',
      );
    }
    if (problem.flowModel === 'turbulent' && flow.prandtl < GNIELINSKI_VALIDITY.prandtl.min) {
      ctx.warn(`Pr = ${fmt(flow.prandtl, 3)}: a constant turbulent Prandtl number overstates the heat transfer of low-Prandtl fluids (liquid metals)`);
    }
    if (problem.roughness > 0 && problem.flowModel === 'laminar') ctx.info('the wall roughness does not act in laminar flow');
  },
};

function logFullyDeveloped(run: DuctRun, ctx: RunContext): void {
  const { problem, numerics } = run.duct;
  const march = run.march!;
  const { flow } = march;
  const fd = march.fullyDeveloped;
  const f = fd.flow.frictionFactor;
  ctx.info(`fully developed: Darcy f = ${fmt(f, 6)} (f·Re = ${fmt(f * flow.reynolds, 6)}), u_max/u_m = ${fmt(fd.flow.maxVelocity / flow.meanVelocity, 6)}, ${fd.flow.iterations} iteration(s)`);
  if (problem.flowModel === 'laminar') {
    const ratio = problem.shape.kind === 'pipe' ? 0 : innerRadius(problem.shape) / outerRadius(problem.shape);
    const exact = annulusLaminarFrictionReynolds(ratio);
    ctx.info(`  exact laminar f·Re = ${fmt(exact, 6)} (${problem.shape.kind === 'pipe' ? 'Hagen-Poiseuille' : 'annulus'}): difference ${fmt((100 * (f * flow.reynolds - exact)) / exact, 3)} %`);
  } else {
    const colebrook = colebrookFrictionFactor(flow.reynolds, problem.roughness / flow.hydraulicDiameter);
    ctx.info(`  Colebrook-White f = ${fmt(colebrook, 6)}: difference ${fmt((100 * (f - colebrook)) / colebrook, 3)} %`);
    const relativeRoughness = problem.roughness / flow.hydraulicDiameter;
    if (flow.reynolds < COLEBROOK_AGREEMENT.minReynolds || relativeRoughness > COLEBROOK_AGREEMENT.maxRelativeRoughness) {
      ctx.info(
        `  the model follows Colebrook-White within 1 % for Re ≥ ${COLEBROOK_AGREEMENT.minReynolds.toExponential(0)} and k_s/D ≤ ${COLEBROOK_AGREEMENT.maxRelativeRoughness.toExponential(0)}; ` +
          'below Re 5e4 it approaches the measured (Blasius) friction, up to 5 % above Colebrook at Re 1e4, and at larger roughness it lies up to 6 % below',
      );
    }
    if (problem.roughness > 0) {
      const smooth = colebrookFrictionFactor(flow.reynolds, 0);
      const roughnessPlus = (problem.roughness * Math.sqrt(fd.flow.wallShear.outer / problem.properties.density) * problem.properties.density) / problem.properties.viscosity;
      ctx.info(`  smooth-wall Colebrook f = ${fmt(smooth, 6)}; roughness Reynolds number k+ = ${fmt(roughnessPlus, 3)}`);
      const shiftPlus = roughnessShiftPlus(roughnessPlus, numerics.turbulence.vanDriestA);
      ctx.info(
        `  rough wall: the mixing length is shifted off the wall by Δy+ = ${fmt(shiftPlus, 3)}, the shift whose wall layer follows Colebrook-White's roughness function (ΔU+ = ${fmt(colebrookRoughnessFunction(roughnessPlus), 3)}); ` +
          'the heat flux uses the same eddy viscosity with Pr_t, which is not verified on rough walls (no analogy correction for roughness)',
      );
    }
  }
  const heat = fd.heat;
  const { overall, inner, outer } = heat.nusselt;
  const parts = [
    ...(overall !== undefined ? [`Nu = ${fmt(overall, 6)}`] : []),
    ...(inner !== undefined && problem.shape.kind === 'annulus' ? [`inner ${fmt(inner, 6)}`] : []),
    ...(outer !== undefined && problem.shape.kind === 'annulus' ? [`outer ${fmt(outer, 6)}`] : []),
  ];
  if (parts.length > 0) ctx.info(`  fully developed heat transfer (${heat.kind}): ${parts.join(', ')}`);
  if (overall === undefined) return;
  if (problem.shape.kind === 'pipe' && problem.flowModel === 'laminar' && heat.kind !== 'steady-conduction') {
    const exact = heat.kind === 'constant-heat-rate' ? PIPE_LAMINAR_NUSSELT_HEAT_FLUX : PIPE_LAMINAR_NUSSELT_TEMPERATURE;
    ctx.info(`  exact laminar Nu = ${fmt(exact, 6)}: difference ${fmt((100 * (overall - exact)) / exact, 3)} %`);
  }
  if (problem.flowModel === 'turbulent') {
    const gn = gnielinskiNusselt(flow.reynolds, flow.prandtl);
    ctx.info(`  Gnielinski (smooth tube) Nu = ${fmt(gn, 6)}: difference ${fmt((100 * (overall - gn)) / gn, 3)} %`);
  }
}

async function marchToEnd(march: DevelopingFlowMarch, ctx: RunContext, from = 0, to = 1): Promise<DevelopingFlowSolution> {
  const total = march.stepCount;
  while (!march.done) {
    await ctx.checkpoint(from + ((to - from) * march.stepsDone) / total);
    march.advance();
  }
  return march.result();
}

const marchPhase: Phase<DuctRun> = {
  name: 'march',
  weight: 18,
  async run(run, ctx) {
    const march = run.march!;
    run.solution = await marchToEnd(march, ctx);
    const massError = run.solution.stations.massFlowError.reduce((m, e) => Math.max(m, Math.abs(e)), 0);
    ctx.info(`march done: ${march.stepCount} steps to x = ${fmt(run.duct.problem.length)} m; largest relative mass-flow error ${massError.toExponential(2)}`);
  },
};

/** A duct long enough for the entrance lengths: laminar 0.1·Re·max(1, Pr)·D_h, turbulent 150 D_h (at least 1.5 L). */
export function entranceSearchLength(problem: DevelopingFlowProblem, reynolds: number, prandtl: number, hydraulicDiameterValue: number): number {
  const estimate = problem.flowModel === 'laminar' ? 0.1 * reynolds * Math.max(1, prandtl) * hydraulicDiameterValue : 150 * hydraulicDiameterValue;
  return Math.max(1.5 * problem.length, estimate);
}

const entrancePhase: Phase<DuctRun> = {
  name: 'entrance lengths',
  weight: 4,
  async run(run, ctx) {
    const solution = run.solution!;
    const heated = fullyDevelopedHeatKind(solution.problem) !== 'none';
    run.entrance.hydrodynamic = hydrodynamicEntranceLength(solution);
    run.entrance.thermal = heated ? thermalEntranceLength(solution) : undefined;
    const missing = run.entrance.hydrodynamic === undefined || (heated && run.entrance.thermal === undefined);
    if (!missing) return;
    const { problem } = solution;
    const length = entranceSearchLength(problem, solution.flow.reynolds, solution.flow.prandtl, solution.flow.hydraulicDiameter);
    ctx.info(`the flow is still developing at the outlet: marching a ${fmt(length, 4)} m long duct (same inlet and walls) for the entrance lengths`);
    const longer = await marchToEnd(new DevelopingFlowMarch({ ...problem, length, stations: [] }, solution.numerics), ctx);
    run.entrance.extended = length;
    run.entrance.hydrodynamic ??= hydrodynamicEntranceLength(longer);
    if (heated) run.entrance.thermal ??= thermalEntranceLength(longer);
    if (run.entrance.hydrodynamic === undefined) ctx.warn(`the velocity does not reach 99 % of its fully developed maximum within ${fmt(length, 4)} m`);
    if (heated && run.entrance.thermal === undefined) ctx.warn(`the local Nusselt number does not settle within 1 % of its fully developed value within ${fmt(length, 4)} m`);
  },
};

/** Fully developed Nu for reporting: of the actual walls, or, for an adiabatic duct, of a uniform temperature on the walls a heated case would use. */
function reportedHeat(run: DuctRun): { heat: FullyDevelopedHeat; note: string } {
  const solution = run.solution!;
  const heat = solution.fullyDeveloped.heat;
  if (heat.kind !== 'none') return { heat, note: '' };
  const uniform: WallThermal = { condition: 'temperature', temperature: solution.problem.inletTemperature + 1 };
  const adiabatic: WallThermal = { condition: 'adiabatic' };
  const heatedWall = run.duct.heatedWall;
  const walls =
    run.duct.kind === 'pipe'
      ? { inner: adiabatic, outer: uniform }
      : { inner: heatedWall === 'outer' ? adiabatic : uniform, outer: heatedWall === 'inner' ? adiabatic : uniform };
  const reference = fullyDevelopedHeat(solution.grid, { ...solution.problem, walls }, solution.fullyDeveloped.flow, solution.numerics);
  return { heat: reference, note: ' (the walls are adiabatic: value for a uniform wall temperature)' };
}

function profileSeries(profiles: Profile[], radius: Float64Array, pick: (p: Profile) => Float64Array, name: string, unit: string, label: string): Series {
  return {
    label,
    x: axis('radius', 'm', 'Radius', radius),
    y: profiles.map((p, k) => axis(`station_${k + 1}`, unit, `${name} at x = ${fmt(p.x)} m`, pick(p))),
  };
}

function profileField(profiles: Profile[], radius: Float64Array, pick: (p: Profile) => Float64Array, label: string, unit: string): Field {
  const values: number[] = [];
  for (const p of profiles) values.push(...pick(p));
  return {
    label,
    unit,
    grid: { axes: [{ name: 'position', unit: 'm', values: profiles.map((p) => p.x) }, { name: 'radius', unit: 'm', values: Array.from(radius) }] },
    shape: [profiles.length, radius.length],
    values,
  };
}

const resultsPhase: Phase<DuctRun> = {
  name: 'results',
  weight: 1,
  // Long function: the summary keys, series and fields of a duct run, in the order of simulations.md.
  run(run, ctx) {
    const { duct } = run;
    const solution = run.solution!;
    const { stations, flow, problem, grid } = solution;
    const { density, specificHeat } = problem.properties;
    const last = stations.x.length - 1;
    const annulus = duct.kind === 'annulus';
    const hydrostatic = (x: number): number => density * STANDARD_GRAVITY * duct.elevationChange * (x / problem.length);
    const pressure = stations.x.map((x, i) => duct.inletPressure + stations.pressure[i] - hydrostatic(x));
    const pressureDrop = -stations.pressure[last] + hydrostatic(problem.length);
    const outletPressure = duct.inletPressure - pressureDrop;
    if (!(outletPressure > 0)) ctx.warn(`the pressure drop ${fmt(pressureDrop)} Pa exceeds the inlet pressure: the outlet pressure would be ${fmt(outletPressure)} Pa`);
    if (duct.fluid.phase === 'gas' && pressureDrop > 0.05 * duct.inletPressure) {
      ctx.warn(`the pressure falls by ${fmt((100 * pressureDrop) / duct.inletPressure, 3)} % of the inlet pressure: the constant-density model misses the gas's expansion`);
    }
    const outletTemperature = stations.bulkTemperature[last];
    const heatRate = problem.massFlowRate * specificHeat * (outletTemperature - problem.inletTemperature);
    const { min, max } = duct.fluid.temperatureRange;
    const wallTemperatures = [stations.outer.temperature, ...(stations.inner ? [stations.inner.temperature] : [])];
    const extremes = wallTemperatures.flatMap((t) => [Math.min(...t), Math.max(...t)]);
    if (Math.min(...extremes, outletTemperature) < min || Math.max(...extremes, outletTemperature) > max) {
      ctx.warn(`temperatures along the duct leave the ${duct.fluid.label} property range ${min}-${max} K; the constant inlet properties are used throughout`);
    }
    const heatKind = fullyDevelopedHeatKind(problem);
    if (heatKind !== 'none') {
      // Σ ρ c_p u (T - T_ref) V changes by exactly the wall heat (march.ts); for heat-flux walls the
      // wall heat is known in closed form.
      const perimeterHeat = (wall: WallThermal, radius: number): number => (wall.condition === 'heat_flux' ? 2 * Math.PI * radius * wall.heatFlux * problem.length : NaN);
      const imposed = annulus
        ? (problem.walls.inner.condition === 'adiabatic' ? 0 : perimeterHeat(problem.walls.inner, innerRadius(problem.shape))) +
          (problem.walls.outer.condition === 'adiabatic' ? 0 : perimeterHeat(problem.walls.outer, outerRadius(problem.shape)))
        : perimeterHeat(problem.walls.outer, outerRadius(problem.shape));
      const gained = 2 * Math.PI * (stations.energyFlow[last] - stations.energyFlow[0]);
      ctx.info(
        `energy balance: m·c_p·(T_b,out - T_in) = ${fmt(heatRate, 8)} W` +
          (Number.isFinite(imposed) ? `; imposed wall heat ${fmt(imposed, 8)} W, relative difference ${(Math.abs(gained - imposed) / Math.max(Math.abs(imposed), Number.MIN_VALUE)).toExponential(2)}` : ''),
      );
    }

    const fd = solution.fullyDeveloped;
    const { heat: reportHeat, note } = reportedHeat(run);
    const nusselt = localNusselt(solution);
    const friction = localFrictionFactor(solution);
    const apparent = apparentFrictionFactor(solution);
    const meanNu = meanNusselt(solution, nusselt);
    const summary: Record<string, ScalarResult> = {
      reynolds_number: scalar(flow.reynolds, '', 'Reynolds number (hydraulic diameter)'),
      flow_regime: scalar(problem.flowModel, '', problem.flowModel === 'laminar' ? 'Flow regime (laminar model)' : 'Flow regime (eddy-viscosity model)'),
      friction_factor: scalar(fd.flow.frictionFactor, '', 'Darcy friction factor (fully developed, numerical)'),
      pressure_drop: scalar(pressureDrop, 'Pa', 'Pressure drop (inlet minus outlet)'),
      mean_velocity: scalar(flow.meanVelocity, 'm/s', 'Mean velocity'),
    };
    if (run.entrance.hydrodynamic !== undefined) summary['entrance_length'] = scalar(run.entrance.hydrodynamic, 'm', `Hydrodynamic entrance length (${annulus ? 'maximum' : 'centreline'} velocity at 99 % of fully developed)`);
    const overallNusselt = reportHeat.nusselt.overall ?? reportHeat.nusselt.inner ?? reportHeat.nusselt.outer;
    if (overallNusselt !== undefined) {
      const which = reportHeat.nusselt.overall !== undefined ? '' : reportHeat.nusselt.inner !== undefined ? ', inner wall (the walls exchange heat with each other)' : ', outer wall';
      summary['nusselt_number'] = scalar(overallNusselt, '', `Nusselt number (fully developed, numerical${which})${note}`);
    }
    summary['outlet_temperature'] = scalar(outletTemperature, 'K', 'Outlet bulk temperature');
    summary['heat_transfer_rate'] = scalar(heatRate, 'W', 'Heat transfer rate into the fluid');
    if (run.entrance.thermal !== undefined) summary['thermal_entrance_length'] = scalar(run.entrance.thermal, 'm', 'Thermal entrance length (local Nusselt number within 1 % of fully developed)');
    if (annulus) {
      if (reportHeat.nusselt.inner !== undefined) summary['nusselt_number_inner'] = scalar(reportHeat.nusselt.inner, '', `Inner-wall Nusselt number (fully developed)${note}`);
      if (reportHeat.nusselt.outer !== undefined) summary['nusselt_number_outer'] = scalar(reportHeat.nusselt.outer, '', `Outer-wall Nusselt number (fully developed)${note}`);
    }
    if (meanNu !== undefined) summary['mean_nusselt_number'] = scalar(meanNu, '', 'Length-averaged local Nusselt number');
    summary['apparent_friction_factor'] = scalar(apparent[last], '', 'Apparent Darcy friction factor over the length (pressure drop without elevation)');
    summary['max_velocity_fully_developed'] = scalar(fd.flow.maxVelocity, 'm/s', annulus ? 'Maximum velocity (fully developed)' : 'Centreline velocity (fully developed)');
    summary['prandtl_number'] = scalar(flow.prandtl, '', 'Prandtl number (inlet)');
    summary['mass_flow_rate'] = scalar(problem.massFlowRate, 'kg/s', 'Mass flow rate');
    summary['outlet_pressure'] = scalar(outletPressure, 'Pa', 'Outlet pressure (absolute)');
    summary['hydraulic_diameter'] = scalar(flow.hydraulicDiameter, 'm', 'Hydraulic diameter');

    // Along the duct: every k-th station (inlet and outlet always), at most MAX_SERIES_POINTS. The
    // friction factors and Nusselt numbers have no value at the inlet itself (a uniform profile's
    // wall gradients are infinite there): their series start at the first station after it.
    const kept = seriesNodeIndices(stations.x.length);
    const pick = (values: ArrayLike<number>): number[] => kept.map((i) => values[i]!);
    const x = (): SeriesAxis => axis('position', 'm', 'Distance from the inlet', pick(stations.x));
    const downstream = kept.filter((i) => i > 0);
    const pickDownstream = (values: ArrayLike<number>): number[] => downstream.map((i) => values[i]!);
    const xDownstream = (): SeriesAxis => axis('position', 'm', 'Distance from the inlet', pickDownstream(stations.x));
    const series: Record<string, Series> = {
      pressure: { label: 'Pressure along the duct', x: x(), y: [axis('pressure', 'Pa', 'Pressure (absolute)', pick(pressure))] },
      temperature: {
        label: 'Temperature along the duct',
        x: x(),
        y: [
          axis('bulk_temperature', 'K', 'Bulk temperature', pick(stations.bulkTemperature)),
          ...(stations.inner ? [axis('inner_wall_temperature', 'K', 'Inner wall temperature', pick(stations.inner.temperature))] : []),
          axis(annulus ? 'outer_wall_temperature' : 'wall_temperature', 'K', annulus ? 'Outer wall temperature' : 'Wall temperature', pick(stations.outer.temperature)),
        ],
      },
      velocity: {
        label: annulus ? 'Maximum velocity along the duct' : 'Centreline velocity along the duct',
        x: x(),
        y: [axis(annulus ? 'max_velocity' : 'centreline_velocity', 'm/s', annulus ? 'Maximum velocity' : 'Centreline velocity', pick(stations.maxVelocity))],
      },
      friction_factor: {
        label: 'Friction factor along the duct (Darcy)',
        x: xDownstream(),
        y: [
          axis('local_friction_factor', '', 'Local (wall shear)', pickDownstream(friction)),
          axis('apparent_friction_factor', '', 'Apparent (pressure drop from the inlet)', pickDownstream(apparent)),
        ],
      },
      wall_shear_stress: {
        label: 'Wall shear stress',
        x: x(),
        y: [
          ...(stations.inner ? [axis('inner_wall_shear_stress', 'Pa', 'Inner wall', pick(stations.inner.shear))] : []),
          axis(annulus ? 'outer_wall_shear_stress' : 'wall_shear_stress', 'Pa', annulus ? 'Outer wall' : 'Wall', pick(stations.outer.shear)),
        ],
      },
    };
    if (nusselt.overall) {
      series['nusselt_number'] = {
        label: 'Local Nusselt number',
        x: xDownstream(),
        y: [
          axis('nusselt_number', '', annulus ? 'Heated walls (perimeter-averaged)' : 'Local Nusselt number', pickDownstream(nusselt.overall)),
          ...(annulus && nusselt.inner ? [axis('nusselt_number_inner', '', 'Inner wall', pickDownstream(nusselt.inner))] : []),
          ...(annulus && nusselt.outer ? [axis('nusselt_number_outer', '', 'Outer wall', pickDownstream(nusselt.outer))] : []),
        ],
      };
      series['heat_flux'] = {
        label: 'Wall heat flux (into the fluid)',
        x: x(),
        y: [
          ...(stations.inner ? [axis('inner_wall_heat_flux', 'W/m²', 'Inner wall', pick(stations.inner.heatFlux))] : []),
          axis(annulus ? 'outer_wall_heat_flux' : 'wall_heat_flux', 'W/m²', annulus ? 'Outer wall' : 'Wall', pick(stations.outer.heatFlux)),
        ],
      };
    }
    series['velocity_profiles'] = profileSeries(solution.profiles, grid.r, (p) => p.velocity, 'Velocity', 'm/s', 'Velocity profiles');
    series['temperature_profiles'] = profileSeries(solution.profiles, grid.r, (p) => p.temperature, 'Temperature', 'K', 'Temperature profiles');
    const fields: Record<string, Field> = {
      velocity: profileField(solution.fieldProfiles, grid.r, (p) => p.velocity, 'Axial velocity', 'm/s'),
      temperature: profileField(solution.fieldProfiles, grid.r, (p) => p.temperature, 'Temperature', 'K'),
    };
    ctx.info(
      `outlet: T_b = ${fmt(outletTemperature, 7)} K, p = ${fmt(outletPressure, 7)} Pa, pressure drop ${fmt(pressureDrop, 7)} Pa, heat ${fmt(heatRate, 7)} W` +
        (run.entrance.hydrodynamic !== undefined ? `; entrance length ${fmt(run.entrance.hydrodynamic, 4)} m` : '') +
        (run.entrance.thermal !== undefined ? `, thermal ${fmt(run.entrance.thermal, 4)} m` : ''),
    );
    run.output = { summary, series, fields };
  },
};

/** Solves a validated case (parameters.ts) with progress, log and abort through the run context. */
export async function solveDevelopingDuct(duct: DevelopingDuctCase, ctx: RunContext): Promise<SolverOutput> {
  const run: DuctRun = { duct, entrance: {} };
  await runPhases(ctx, run, [setUpPhase, marchPhase, entrancePhase, resultsPhase]);
  return run.output!;
}
