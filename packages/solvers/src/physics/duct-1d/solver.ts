// CIRCULAR_PIPE: the 1-D duct solver, as named phases run by the shared driver.

import { OutOfRangeError } from '../../errors.js';
import type { FluidState } from '../../materials/fluid.js';
import { runPhases, type Phase, type RunContext } from '../../run/context.js';
import type { ScalarResult, Series, SeriesAxis, SolverOutput } from '../../run/types.js';
import { solveColebrook } from './friction.js';
import { GNIELINSKI_VALIDITY, hydrodynamicEntranceLength, thermalEntranceLength } from './heat-transfer.js';
import { defaultDuctNumerics, localFlow, marchSegment, pipeGeometry, stateAt, type DuctNumerics, type LocalFlow, type PipeGeometry } from './march.js';
import type { PipeCase } from './parameters.js';

interface NodeResult {
  state: FluidState;
  flow: LocalFlow;
  wallTemperature: number;
}

interface PipeRun {
  pipe: PipeCase;
  numerics: DuctNumerics;
  inlet?: FluidState;
  geometry?: PipeGeometry;
  x: number[];
  states: FluidState[];
  segmentHeat: number[];
  segmentNusselt: number[];
  drops: { friction: number; hydrostatic: number; acceleration: number };
  output?: SolverOutput;
}

function fmt(value: number, digits = 5): string {
  return Number(value.toPrecision(digits)).toString();
}

function scalar(value: number | string, unit: string, label: string): ScalarResult {
  return { value, unit, label };
}

function axis(name: string, unit: string, label: string, values: number[]): SeriesAxis {
  return { name, unit, label, values };
}

const inletPhase: Phase<PipeRun> = {
  name: 'inlet state',
  weight: 1,
  run(run, ctx) {
    const { pipe } = run;
    const inlet = stateAt(pipe.fluid, pipe.inletTemperature, pipe.inletPressure, 0);
    const geometry = pipeGeometry(pipe, inlet.density);
    const flow = localFlow(inlet, pipe, geometry);
    run.inlet = inlet;
    run.geometry = geometry;
    run.x.push(0);
    run.states.push(inlet);
    ctx.info(`fluid: ${pipe.fluid.label}; properties: ${pipe.fluid.reference}`);
    ctx.info(
      `inlet: T = ${fmt(inlet.temperature)} K, p = ${fmt(inlet.pressure)} Pa, rho = ${fmt(inlet.density)} kg/m³, ` +
        `c_p = ${fmt(inlet.specificHeat)} J/(kg·K), mu = ${fmt(inlet.viscosity)} Pa·s, k = ${fmt(inlet.conductivity)} W/(m·K), Pr = ${fmt(flow.prandtl)}`,
    );
    ctx.info(
      `flow: m = ${fmt(geometry.massFlowRate)} kg/s, V = ${fmt(flow.velocity)} m/s, Re = ${fmt(flow.reynolds)} (${flow.regime}), ` +
        `Darcy f = ${fmt(flow.frictionFactor, 6)}, Nu = ${fmt(flow.nusselt)}`,
    );
    if (flow.regime !== 'laminar') {
      const colebrook = solveColebrook(flow.reynolds, pipe.roughness / pipe.diameter);
      colebrook.residualHistory.forEach((residual, i) => ctx.residuals({ iteration: i + 1, values: { colebrook: residual } }));
      ctx.debug(`Colebrook-White at the inlet: ${colebrook.iterations} Newton steps, residual ${colebrook.residual.toExponential(2)}`);
    }
    const soundSpeed = pipe.fluid.speedOfSound?.(inlet);
    if (soundSpeed !== undefined && flow.velocity / soundSpeed > 0.3) {
      ctx.warn(
        `the inlet Mach number is ${fmt(flow.velocity / soundSpeed, 3)}: compressible effects beyond the acceleration term ` +
          '(choking at Mach 1) are not modelled; results lose accuracy above Mach 0.3',
      );
    }
    if (flow.regime === 'transitional') {
      ctx.warn('transitional flow (2300 < Re < 4000): friction and heat transfer are interpolated between the laminar and turbulent values; expect uncertainties of ±30 % or more');
    }
    const entrance = hydrodynamicEntranceLength(flow.reynolds, pipe.diameter);
    if (entrance > 0.1 * pipe.length) {
      ctx.warn(
        `the hydrodynamic entrance length (${fmt(entrance, 3)} m) is ${fmt((100 * entrance) / pipe.length, 3)} % of the pipe length: ` +
          'the fully developed friction factor underestimates the pressure drop near the inlet',
      );
    }
    if (pipe.wall.condition !== 'adiabatic') {
      const thermal = thermalEntranceLength(flow.reynolds, flow.prandtl, pipe.diameter);
      if (thermal > 0.1 * pipe.length) {
        ctx.warn(
          `the thermal entrance length (${fmt(thermal, 3)} m) is ${fmt((100 * thermal) / pipe.length, 3)} % of the pipe length: ` +
            'the fully developed Nusselt number underestimates the heat transfer near the inlet',
        );
      }
    }
  },
};

const marchPhase: Phase<PipeRun> = {
  name: 'march',
  weight: 18,
  async run(run, ctx) {
    const { pipe, numerics } = run;
    const geometry = run.geometry!;
    let state = run.inlet!;
    let iterations = 0;
    ctx.info(
      `marching ${pipe.segments} segments of ${fmt(geometry.dx)} m (properties at the segment ${numerics.propertyEvaluation === 'midpoint' ? 'midpoint, fixed-point tolerance ' + numerics.segmentTolerance : 'inlet'})`,
    );
    for (let i = 0; i < pipe.segments; i++) {
      await ctx.checkpoint(i / pipe.segments);
      const segment = marchSegment(pipe, geometry, state, run.x[i]!, numerics);
      iterations += segment.iterations;
      run.segmentHeat.push(segment.heat);
      run.segmentNusselt.push(segment.flow.nusselt);
      run.drops.friction += segment.frictionDrop;
      run.drops.hydrostatic += segment.hydrostaticDrop;
      run.drops.acceleration += segment.accelerationDrop;
      state = segment.end;
      run.x.push(i + 1 === pipe.segments ? pipe.length : ((i + 1) * pipe.length) / pipe.segments);
      run.states.push(state);
    }
    ctx.info(`march done: ${fmt(iterations / pipe.segments, 3)} fixed-point iterations per segment on average`);
  },
};

function nodeResults(run: PipeRun): NodeResult[] {
  const { pipe } = run;
  const geometry = run.geometry!;
  return run.states.map((state) => {
    const flow = localFlow(state, pipe, geometry);
    const wall = pipe.wall;
    const wallTemperature =
      wall.condition === 'temperature' ? wall.temperature : wall.condition === 'heat_flux' ? state.temperature + wall.heatFlux / flow.heatTransferCoefficient : state.temperature;
    return { state, flow, wallTemperature };
  });
}

function warnAboutValidity(run: PipeRun, nodes: NodeResult[], ctx: RunContext): void {
  const { pipe } = run;
  const regimes = new Set(nodes.map((node) => node.flow.regime));
  if (regimes.size > 1) ctx.warn(`the flow regime changes along the pipe (${[...regimes].join(', ')}) as the properties change`);
  const turbulentNodes = nodes.filter((node) => node.flow.regime !== 'laminar');
  if (pipe.wall.condition !== 'adiabatic' && turbulentNodes.length > 0) {
    const prandtl = turbulentNodes.map((node) => node.flow.prandtl);
    const { min, max } = GNIELINSKI_VALIDITY.prandtl;
    if (Math.min(...prandtl) < min || Math.max(...prandtl) > max) {
      ctx.warn(`the Prandtl number (${fmt(Math.min(...prandtl), 3)}-${fmt(Math.max(...prandtl), 3)}) leaves Gnielinski's range ${min}-${max}`);
    }
    const reMax = Math.max(...turbulentNodes.map((node) => node.flow.reynolds));
    if (reMax > GNIELINSKI_VALIDITY.reynolds.max) ctx.warn(`Re = ${fmt(reMax)} exceeds Gnielinski's range (up to ${GNIELINSKI_VALIDITY.reynolds.max})`);
  }
  const first = nodes[0]!.state.density;
  const last = nodes[nodes.length - 1]!.state.density;
  if (Math.abs(last / first - 1) > 0.05) {
    ctx.warn(`the density changes by ${fmt(100 * (last / first - 1), 3)} % along the pipe; compressible effects beyond the acceleration term (choking) are not modelled`);
  }
  const saturation = pipe.fluid.saturationPressure;
  if (saturation) {
    const boiling = nodes.findIndex((node) => node.wallTemperature < 647 && node.state.pressure < saturation(node.wallTemperature));
    if (boiling >= 0) {
      ctx.warn(`the wall temperature exceeds the local saturation temperature from x = ${fmt(run.x[boiling]!)} m: expect subcooled boiling at the wall, which this single-phase model does not include`);
    }
  }
}

/** Wall heat against the enthalpy rise at the inlet pressure (differs by the discretisation error). */
function logEnergyBalance(run: PipeRun, heat: number, outlet: FluidState, ctx: RunContext): void {
  const inlet = run.inlet!;
  let outletEnthalpy: number;
  try {
    outletEnthalpy = run.pipe.fluid.state(outlet.temperature, inlet.pressure).enthalpy;
  } catch (error) {
    if (error instanceof OutOfRangeError) return; // the outlet temperature boils at the inlet pressure
    throw error;
  }
  const sensibleHeat = run.geometry!.massFlowRate * (outletEnthalpy - inlet.enthalpy);
  ctx.info(
    `energy balance: wall heat ${fmt(heat, 8)} W; m·[h(T_out) - h(T_in)] at the inlet pressure ${fmt(sensibleHeat, 8)} W ` +
      `(relative difference ${(Math.abs(heat - sensibleHeat) / Math.max(Math.abs(heat), Number.MIN_VALUE)).toExponential(2)}: the marching discretisation, plus for a liquid the pressure dependence of h along the pipe)`,
  );
}

/** Most points a series carries; longer marches are thinned to every k-th node plus the outlet. */
export const MAX_SERIES_POINTS = 2001;

export function seriesNodeIndices(nodeCount: number, maxPoints = MAX_SERIES_POINTS): number[] {
  if (nodeCount <= maxPoints) return Array.from({ length: nodeCount }, (_, i) => i);
  const stride = Math.ceil((nodeCount - 1) / (maxPoints - 1));
  const indices: number[] = [];
  for (let i = 0; i < nodeCount - 1; i += stride) indices.push(i);
  indices.push(nodeCount - 1);
  return indices;
}

const resultsPhase: Phase<PipeRun> = {
  name: 'results',
  weight: 1,
  run(run, ctx) {
    const { pipe } = run;
    const geometry = run.geometry!;
    const nodes = nodeResults(run);
    warnAboutValidity(run, nodes, ctx);
    const inlet = nodes[0]!;
    const outlet = nodes[nodes.length - 1]!;
    const heat = run.segmentHeat.reduce((sum, q) => sum + q, 0);
    const meanNusselt = run.segmentNusselt.reduce((sum, nu) => sum + nu, 0) / run.segmentNusselt.length;
    // The sum of the segment drops: free of the round-off of subtracting two absolute pressures.
    const pressureDrop = run.drops.friction + run.drops.hydrostatic + run.drops.acceleration;
    if (pipe.wall.condition !== 'adiabatic') logEnergyBalance(run, heat, outlet.state, ctx);
    ctx.info(`outlet: T = ${fmt(outlet.state.temperature, 7)} K, p = ${fmt(outlet.state.pressure, 7)} Pa, pressure drop ${fmt(pressureDrop, 7)} Pa, heat ${fmt(heat, 7)} W`);

    // Plots need no more than a few thousand points; the series carry exact nodal values of every
    // k-th node (inlet and outlet always), while the summary above used every node.
    const kept = seriesNodeIndices(nodes.length);
    if (kept.length < nodes.length) ctx.info(`series: ${kept.length} of ${nodes.length} nodes kept for the plots (every ${kept[1]}th, and the outlet)`);
    const seriesNodes = kept.map((i) => nodes[i]!);
    const seriesX = kept.map((i) => run.x[i]!);
    const x = (): SeriesAxis => axis('position', 'm', 'Distance from the inlet', seriesX.slice());
    const series: Record<string, Series> = {
      pressure: { label: 'Pressure along the pipe', x: x(), y: [axis('pressure', 'Pa', 'Pressure (absolute)', seriesNodes.map((n) => n.state.pressure))] },
      temperature: {
        label: 'Temperature along the pipe',
        x: x(),
        y: [
          axis('bulk_temperature', 'K', 'Bulk temperature', seriesNodes.map((n) => n.state.temperature)),
          axis('wall_temperature', 'K', 'Wall temperature', seriesNodes.map((n) => n.wallTemperature)),
        ],
      },
      heat_transfer_coefficient: {
        label: 'Local heat-transfer coefficient (fully developed)',
        x: x(),
        y: [axis('heat_transfer_coefficient', 'W/(m²·K)', 'Heat-transfer coefficient', seriesNodes.map((n) => n.flow.heatTransferCoefficient))],
      },
      nusselt_number: { label: 'Local Nusselt number (fully developed)', x: x(), y: [axis('nusselt_number', '', 'Nusselt number', seriesNodes.map((n) => n.flow.nusselt))] },
      reynolds_number: { label: 'Local Reynolds number', x: x(), y: [axis('reynolds_number', '', 'Reynolds number', seriesNodes.map((n) => n.flow.reynolds))] },
      velocity: { label: 'Mean velocity along the pipe', x: x(), y: [axis('mean_velocity', 'm/s', 'Mean velocity', seriesNodes.map((n) => n.flow.velocity))] },
    };
    const adiabatic = pipe.wall.condition === 'adiabatic';
    run.output = {
      summary: {
        reynolds_number: scalar(inlet.flow.reynolds, '', 'Reynolds number (inlet)'),
        flow_regime: scalar(inlet.flow.regime, '', 'Flow regime (inlet)'),
        friction_factor: scalar(inlet.flow.frictionFactor, '', 'Darcy friction factor (inlet)'),
        pressure_drop: scalar(pressureDrop, 'Pa', 'Pressure drop (inlet minus outlet)'),
        mean_velocity: scalar(inlet.flow.velocity, 'm/s', 'Mean velocity (inlet)'),
        entrance_length: scalar(hydrodynamicEntranceLength(inlet.flow.reynolds, pipe.diameter), 'm', 'Hydrodynamic entrance length'),
        nusselt_number: scalar(meanNusselt, '', adiabatic ? 'Nusselt number (fully developed, constant wall temperature; the wall is adiabatic)' : 'Mean Nusselt number (fully developed)'),
        outlet_temperature: scalar(outlet.state.temperature, 'K', 'Outlet bulk temperature'),
        heat_transfer_rate: scalar(heat, 'W', 'Heat transfer rate into the fluid'),
        mass_flow_rate: scalar(geometry.massFlowRate, 'kg/s', 'Mass flow rate'),
        outlet_pressure: scalar(outlet.state.pressure, 'Pa', 'Outlet pressure (absolute)'),
        friction_pressure_drop: scalar(run.drops.friction, 'Pa', 'Pressure drop by wall friction'),
        hydrostatic_pressure_drop: scalar(run.drops.hydrostatic, 'Pa', 'Pressure drop by elevation (hydrostatic)'),
        acceleration_pressure_drop: scalar(run.drops.acceleration, 'Pa', 'Pressure drop by flow acceleration'),
        thermal_entrance_length: scalar(thermalEntranceLength(inlet.flow.reynolds, inlet.flow.prandtl, pipe.diameter), 'm', 'Thermal entrance length'),
        prandtl_number: scalar(inlet.flow.prandtl, '', 'Prandtl number (inlet)'),
      },
      series,
      fields: {},
    };
  },
};

export async function solvePipe(pipe: PipeCase, ctx: RunContext, numerics: DuctNumerics = defaultDuctNumerics): Promise<SolverOutput> {
  const run: PipeRun = {
    pipe,
    numerics,
    x: [],
    states: [],
    segmentHeat: [],
    segmentNusselt: [],
    drops: { friction: 0, hydrostatic: 0, acceleration: 0 },
  };
  await runPhases(ctx, run, [inletPhase, marchPhase, resultsPhase]);
  return run.output!;
}
