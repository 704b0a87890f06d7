// PIPE_NETWORK as a solver module: the parameters (an EPANET `.inp` text and the options that
// override the file's), read into a NetworkModel, compiled, simulated (steady or extended period,
// optionally with heat transport) and reported as the summary keys of simulations.md and series per
// node and per link over time. Every problem with the file answers on `inp`: a line that cannot be
// read with its line number, an inconsistent network with the element's id.

import { InvalidParametersError, type ParameterIssue } from '../../errors.js';
import { estimatePipeNetwork } from '../../estimates/pipe-network.js';
import { runPhases, type Phase, type RunContext } from '../../run/context.js';
import { ParameterChecker } from '../../run/parameters.js';
import type { SolverModule } from '../../run/registry.js';
import type { ScalarResult, Series, SeriesAxis, SolverOutput } from '../../run/types.js';
import { DisconnectedNetworkError, InpParseError, NotInpFileError } from './errors.js';
import { EXAMPLE_NETWORK_INP } from './example.js';
import { simulateHeat, type HeatParameters, type HeatStep } from './heat/heat-transport.js';
import { compileNetwork, type CompiledNetwork } from './hydraulics/compile.js';
import { parseInp, type InpWarning } from './inp/parse.js';
import type { HeadlossFormula, NetworkModel } from './model.js';
import { addElementSeries, networkTables } from './element-results.js';
import { reportedValues } from './reported-values.js';
import { networkSummary } from './results.js';
import { simulateNetwork, type NetworkSimulation } from './simulate.js';
import { formatClock } from './inp/tokens.js';
import { unconnectedJunctions } from './topology.js';

/** The longest `.inp` text accepted, characters (about 2 MB; the contracts' limit). */
export const MAX_INP_LENGTH = 2_000_000;
/** Per-element series are kept while (nodes + links) × reported times stays below this; beyond, the totals only. */
export const MAX_ELEMENT_SERIES_VALUES = 1_000_000;
/** The network view's tables are kept while elements × reported times stays below this (per table). */
export const MAX_TABLE_VALUES = 2_000_000;
/** Longest extended period, s (a leap year). */
const MAX_DURATION = 366 * 86_400;

const KEYS = ['inp', 'headloss', 'friction_factor', 'period', 'duration', 'hydraulic_step', 'report_step', 'convergence', 'accuracy', 'max_trials', 'heat'] as const;
const HEAT_KEYS = ['transport', 'supply_temperature', 'ground_temperature', 'heat_transfer_coefficient'] as const;
const HEADLOSS: Record<string, HeadlossFormula | undefined> = { from_network: undefined, hazen_williams: 'H-W', darcy_weisbach: 'D-W', chezy_manning: 'C-M' };

export interface PipeNetworkParameters {
  /** The text of an EPANET input file. */
  inp: string;
  /** Head-loss formula; default `from_network` (the file's HEADLOSS option). */
  headloss?: 'from_network' | 'hazen_williams' | 'darcy_weisbach' | 'chezy_manning';
  /** Darcy-Weisbach friction factor: EPANET's Swamee-Jain (default) or Colebrook-White. */
  friction_factor?: 'swamee_jain' | 'colebrook';
  /** `from_network` (default: the file's [TIMES]), `steady` (one balance) or `extended` (duration and steps below). */
  period?: 'from_network' | 'steady' | 'extended';
  /** Extended period: s (defaults 24 h, 1 h, 1 h). */
  duration?: number;
  hydraulic_step?: number;
  report_step?: number;
  /** `from_network` (default: the file's ACCURACY and TRIALS) or `custom` (below). */
  convergence?: 'from_network' | 'custom';
  accuracy?: number;
  max_trials?: number;
  /** Heat transport with loss to the ground; default off. Temperatures K, coefficient W/(m²·K) of inner pipe wall. */
  heat?: { transport: 'off' | 'ground_loss'; supply_temperature?: number; ground_temperature?: number; heat_transfer_coefficient?: number };
}

/** The default case (equal to the create form's). */
export const pipeNetworkDefaults: Required<Pick<PipeNetworkParameters, 'inp' | 'headloss' | 'friction_factor' | 'period' | 'convergence' | 'heat'>> = {
  inp: EXAMPLE_NETWORK_INP,
  headloss: 'from_network',
  friction_factor: 'swamee_jain',
  period: 'from_network',
  convergence: 'from_network',
  heat: { transport: 'off' },
};

export interface NetworkCase {
  model: NetworkModel;
  net: CompiledNetwork;
  /** What the file holds that the engine does not use, with line numbers. */
  inpWarnings: InpWarning[];
  /** The options set by the parameters over the file's, for the log. */
  overrides: string[];
  /** Characters of the file (for the run-time estimate). */
  inpLength: number;
  heat?: HeatParameters;
}

/** `pipes[3].diameter` -> `pipe 'P3' diameter` (the model's paths, told by the element's id). */
function describeModelPath(model: NetworkModel, path: string): string {
  const match = /^(junctions|reservoirs|tanks|pipes|pumps|valves|patterns|curves|controls)\[(\d+)\](.*)$/.exec(path);
  if (!match) return path.replace(/^options\./, 'option ').replace(/^times\./, 'time ');
  const [, collection, index, rest] = match as unknown as [string, keyof NetworkModel, string, string];
  const singular = collection === 'patterns' ? 'pattern' : collection.slice(0, -1);
  const element = (model[collection] as unknown[])[Number(index)] as { id?: string } | undefined;
  const name = element?.id !== undefined ? `${singular} '${element.id}'` : `${singular} ${Number(index) + 1}`;
  const field = rest.replace(/^\./, '').replace(/\[(\d+)\]/g, ' $1');
  return field ? `${name} ${field}` : name;
}

/** A problem of the network itself (found while compiling or solving), reported on `inp`. */
function onInp(model: NetworkModel, issues: readonly ParameterIssue[]): InvalidParametersError {
  return new InvalidParametersError(
    issues.map((issue) => ({ path: 'inp', message: issue.path === 'network' || issue.path === 'network.junctions' ? issue.message : `${describeModelPath(model, issue.path)}: ${issue.message}` })),
  );
}

function readHeat(checker: ParameterChecker, raw: unknown): HeatParameters | undefined {
  if (raw === undefined) return undefined;
  const heat = checker.object(raw, 'heat');
  if (!heat) return undefined;
  checker.noUnknownKeys(heat, HEAT_KEYS, 'heat');
  const transport = heat['transport'] === undefined ? 'off' : checker.oneOf(heat['transport'], 'heat.transport', ['off', 'ground_loss'] as const);
  if (transport !== 'ground_loss') return undefined;
  const supply = checker.optionalNumber(heat['supply_temperature'], 'heat.supply_temperature', 353.15, { gt: 0, unit: 'K' });
  const ground = checker.optionalNumber(heat['ground_temperature'], 'heat.ground_temperature', 283.15, { gt: 0, unit: 'K' });
  const coefficient = checker.optionalNumber(heat['heat_transfer_coefficient'], 'heat.heat_transfer_coefficient', 1, { ge: 0, unit: 'W/(m²·K)' });
  if (supply === undefined || ground === undefined || coefficient === undefined) return undefined;
  return { supplyTemperature: { default: supply }, groundTemperature: ground, heatTransferCoefficient: coefficient };
}

/** Validates the parameters, reads the file and compiles the network; InvalidParametersError names `inp` for the file's problems. */
export function readNetworkCase(raw: unknown): NetworkCase {
  const checker = new ParameterChecker();
  const p = checker.object(raw, 'parameters');
  if (!p) throw new InvalidParametersError(checker.issues);
  checker.noUnknownKeys(p, KEYS, '');
  let inp: string | undefined;
  if (typeof p['inp'] !== 'string' || p['inp'].trim() === '') checker.add('inp', p['inp'] === undefined ? 'is required (the text of an EPANET .inp file)' : 'must be the text of an EPANET .inp file');
  else if (p['inp'].length > MAX_INP_LENGTH) checker.add('inp', `is ${p['inp'].length} characters long; at most ${MAX_INP_LENGTH} are accepted`);
  else inp = p['inp'];
  const choose = <T extends string>(key: string, choices: readonly T[], fallback: T): T | undefined => (p[key] === undefined ? fallback : checker.oneOf(p[key], key, choices));
  const headloss = choose('headloss', ['from_network', 'hazen_williams', 'darcy_weisbach', 'chezy_manning'] as const, 'from_network');
  const frictionFactor = choose('friction_factor', ['swamee_jain', 'colebrook'] as const, 'swamee_jain');
  const period = choose('period', ['from_network', 'steady', 'extended'] as const, 'from_network');
  const convergence = choose('convergence', ['from_network', 'custom'] as const, 'from_network');
  const extended =
    period === 'extended'
      ? {
          duration: checker.optionalNumber(p['duration'], 'duration', 86_400, { ge: 0, le: MAX_DURATION, unit: 's' }),
          hydraulicStep: checker.optionalNumber(p['hydraulic_step'], 'hydraulic_step', 3600, { ge: 1, le: 86_400, unit: 's' }),
          reportStep: checker.optionalNumber(p['report_step'], 'report_step', 3600, { ge: 1, le: 86_400, unit: 's' }),
        }
      : undefined;
  const custom =
    convergence === 'custom'
      ? {
          accuracy: checker.optionalNumber(p['accuracy'], 'accuracy', 0.001, { ge: 1e-5, le: 0.1 }),
          trials: checker.optionalNumber(p['max_trials'], 'max_trials', 200, { integer: true, ge: 1, le: 10_000 }),
        }
      : undefined;
  const heat = readHeat(checker, p['heat']);

  let parsed: ReturnType<typeof parseInp> | undefined;
  if (inp !== undefined) {
    try {
      parsed = parseInp(inp);
    } catch (error) {
      if (error instanceof NotInpFileError) checker.add('inp', error.issues[0]!.message);
      else if (error instanceof InpParseError) checker.add('inp', `line ${error.line}: ${error.issues[0]?.message ?? error.message}`);
      else throw error;
    }
  }
  checker.finish();

  const model = parsed!.network;
  const overrides: string[] = [];
  const formula = HEADLOSS[headloss!];
  if (formula !== undefined) {
    if (formula !== model.options.headloss) overrides.push(`head-loss formula ${formula} (the file says ${model.options.headloss}; pipe roughness values are read as ${formula} values)`);
    model.options.headloss = formula;
  }
  if (frictionFactor === 'colebrook') {
    model.options.frictionFactor = 'colebrook';
    if (model.options.headloss === 'D-W') overrides.push('Darcy-Weisbach friction factor by Colebrook-White (EPANET uses Swamee-Jain)');
  }
  if (period === 'steady') {
    if (model.times.duration > 0) overrides.push(`steady state (the file asks for ${formatClock(model.times.duration)})`);
    model.times.duration = 0;
  }
  if (extended) {
    model.times.duration = extended.duration!;
    model.times.hydraulicStep = extended.hydraulicStep!;
    model.times.reportStep = extended.reportStep!;
    overrides.push(`extended period ${formatClock(model.times.duration)}, hydraulic step ${formatClock(model.times.hydraulicStep)}, reporting step ${formatClock(model.times.reportStep)}`);
  }
  if (custom) {
    model.options.accuracy = custom.accuracy!;
    model.options.trials = custom.trials!;
    overrides.push(`accuracy ${custom.accuracy}, at most ${custom.trials} trials per step`);
  }
  let net: CompiledNetwork;
  try {
    net = compileNetwork(model);
  } catch (error) {
    if (error instanceof InvalidParametersError) throw onInp(model, error.issues);
    throw error;
  }
  const unconnected = unconnectedJunctions(net);
  if (unconnected.length > 0) throw onInp(model, new DisconnectedNetworkError(unconnected).issues);
  return { model, net, inpWarnings: parsed!.warnings, overrides, inpLength: inp!.length, ...(heat ? { heat } : {}) };
}

// --------------------------------------------------------------------------------------- solve

interface NetworkRun {
  network: NetworkCase;
  simulation?: NetworkSimulation;
  heat?: HeatStep[];
  output?: SolverOutput;
}

function fmt(value: number, digits = 5): string {
  return Number(value.toPrecision(digits)).toString();
}

function axis(name: string, unit: string, label: string, values: number[]): SeriesAxis {
  return { name, unit, label, values };
}

const readPhase: Phase<NetworkRun> = {
  name: 'network',
  weight: 1,
  run({ network }, ctx) {
    const { model, net } = network;
    if (model.title.length > 0) ctx.info(`title: ${model.title.join(' / ')}`);
    ctx.info(
      `${model.junctions.length} junctions, ${model.reservoirs.length} reservoirs, ${model.tanks.length} tanks, ${model.pipes.length} pipes, ${model.pumps.length} pumps, ` +
        `${model.valves.length} valves; ${model.patterns.length} patterns, ${model.curves.length} curves, ${model.controls.length} controls`,
    );
    ctx.info(`file units: flow ${model.units?.flow ?? 'LPS'}, pressure ${model.units?.pressure ?? 'METERS'} (results in SI: m, Pa, m³/s)`);
    ctx.info(
      `head loss ${model.options.headloss}${model.options.headloss === 'D-W' ? ` (${model.options.frictionFactor === 'colebrook' ? 'Colebrook-White' : 'Swamee-Jain'})` : ''}, accuracy ${net.options.accuracy}, at most ${net.options.maxIter} trials; ` +
        (net.times.duration > 0
          ? `extended period ${formatClock(net.times.duration)}, hydraulic step ${formatClock(net.times.hydraulicStep)}, reporting every ${formatClock(net.times.reportStep)} from ${formatClock(net.times.reportStart)}`
          : 'steady state'),
    );
    for (const override of network.overrides) ctx.info(`set by the parameters: ${override}`);
    for (const warning of network.inpWarnings) ctx.warn(`inp line ${warning.line} [${warning.section}]: ${warning.message}`);
    if (network.inpWarnings.length > 0) ctx.info(`${network.inpWarnings.length} part(s) of the file are not used (listed above with their line numbers)`);
  },
};

const hydraulicsPhase: Phase<NetworkRun> = {
  name: 'hydraulics',
  weight: 8,
  run(run, ctx) {
    const { net } = run.network;
    const sim = simulateNetwork(net, {
      onStep: (time, duration) => ctx.progress(duration > 0 ? time / duration : 1),
      shouldAbort: () => ctx.abortRequested,
    });
    run.simulation = sim;
    sim.steps.forEach((step, index) => ctx.residuals({ iteration: index + 1, values: { relative_flow_change: step.relativeError, trials: step.iterations } }));
    const trials = sim.steps.map((s) => s.iterations);
    ctx.info(`${sim.steps.length} hydraulic step(s) to ${formatClock(sim.steps[sim.steps.length - 1]!.time)}; ${Math.min(...trials)}-${Math.max(...trials)} trials per step; ${sim.reportSteps.length} reported`);
    for (const warning of sim.warnings) ctx.warn(warning.message);
  },
};

const heatPhase: Phase<NetworkRun> = {
  name: 'heat transport',
  weight: 1,
  run(run, ctx) {
    const heat = run.network.heat;
    if (!heat) return;
    ctx.info(`heat transport: supply ${fmt(heat.supplyTemperature.default)} K, ground ${fmt(heat.groundTemperature)} K, loss coefficient ${fmt(heat.heatTransferCoefficient)} W/(m²·K) of inner pipe wall; transit times neglected (quasi-steady per step)`);
    run.heat = simulateHeat(run.simulation!, heat);
    const last = run.heat[run.heat.length - 1]!;
    ctx.info(`at ${formatClock(last.time)}: supplied ${fmt(last.heatSupplied)} W, delivered ${fmt(last.heatDelivered)} W, lost to the ground ${fmt(last.heatLoss)} W`);
  },
};

const resultsPhase: Phase<NetworkRun> = {
  name: 'results',
  weight: 1,
  run(run, ctx) {
    const sim = run.simulation!;
    const { net } = run.network;
    const heat = run.heat;
    const values = reportedValues(sim, heat ? { heat } : {});
    // A large network's results are millions of values: the abort is polled between their parts.
    ctx.checkAbort();
    const summary: Record<string, ScalarResult> = { ...networkSummary(sim) };
    const reported = sim.reportSteps;
    const totalDemand = reported.map((index) => {
      let total = 0;
      for (let i = 0; i < net.nJunctions; i++) total += sim.steps[index]!.demand[i]!;
      return total;
    });
    const totals: Series = { label: 'Network totals', x: axis('time', 's', 'Time', values.times), y: [axis('total_demand', 'm³/s', 'Total junction demand', totalDemand)] };
    if (heat) {
      const steps = reported.map((index) => heat[index]!);
      const mean = (pick: (s: HeatStep) => number) => steps.reduce((sum, s) => sum + pick(s), 0) / Math.max(1, steps.length);
      summary['heat_loss'] = { value: mean((s) => s.heatLoss), unit: 'W', label: 'Heat lost to the ground (mean over the reporting times)' };
      summary['heat_delivered'] = { value: mean((s) => s.heatDelivered), unit: 'W', label: 'Heat delivered with the demands (mean, above the ground temperature)' };
      let coldest = Infinity;
      for (const s of steps) for (let i = 0; i < net.nJunctions; i++) if (net.demandStart[i + 1]! > net.demandStart[i]!) coldest = Math.min(coldest, s.nodeTemperature[i]!);
      if (Number.isFinite(coldest)) summary['min_temperature'] = { value: coldest, unit: 'K', label: 'Lowest temperature at a junction with a demand' };
      totals.y.push(axis('heat_loss', 'W', 'Heat lost to the ground', steps.map((s) => s.heatLoss)), axis('heat_delivered', 'W', 'Heat delivered', steps.map((s) => s.heatDelivered)));
    }
    const elements = net.nNodes + net.nLinks;
    const nT = values.times.length;
    const series: Record<string, Series> = { totals };
    ctx.checkAbort();
    if (elements * nT <= MAX_ELEMENT_SERIES_VALUES) addElementSeries(series, run.network.model, net, values);
    else ctx.warn(`${elements} nodes and links × ${nT} reporting times is too much to keep as series; only the network totals are kept`);
    ctx.checkAbort();
    const fields = networkTables(values, MAX_TABLE_VALUES);
    if (Object.keys(fields).length === 0) ctx.warn(`${Math.max(net.nNodes, net.nLinks)} elements × ${nT} reporting times is too much for the network view's tables; they are left out`);
    // Lowest junction pressure over the reporting times (the first junction of the lowest on ties).
    const lowest = { id: '', p: Infinity };
    for (let i = 0; i < net.nJunctions; i++) {
      let p = Infinity;
      for (let t = 0; t < nT; t++) p = Math.min(p, values.pressure[t * net.nNodes + i]!);
      if (p < lowest.p) {
        lowest.id = net.nodeIds[i]!;
        lowest.p = p;
      }
    }
    if (lowest.id) ctx.info(`lowest pressure ${fmt(lowest.p)} Pa at junction ${lowest.id}; highest velocity ${fmt(summary['max_velocity']!.value as number)} m/s`);
    run.output = { summary, series, fields };
  },
};

export async function solveNetwork(network: NetworkCase, ctx: RunContext): Promise<SolverOutput> {
  const run: NetworkRun = { network };
  await runPhases(ctx, run, network.heat ? [readPhase, hydraulicsPhase, heatPhase, resultsPhase] : [readPhase, hydraulicsPhase, resultsPhase]);
  return run.output!;
}

export const pipeNetworkSolver: SolverModule = {
  type: 'PIPE_NETWORK',
  model: 'network-gga',
  modelVersion: '1.0.0',
  title: 'Pipe network: global gradient method, steady or extended period (EPANET-compatible)',
  parameterDefaults: pipeNetworkDefaults,
  solve: (parameters, ctx) => solveNetwork(readNetworkCase(parameters), ctx),
  estimate: (parameters) => estimatePipeNetwork(readNetworkCase(parameters)),
};

/** PIPE_NETWORK_2 (the create-pipe-v2 screen's type): the same parameters, engine and results. */
export const pipeNetwork2Solver: SolverModule = { ...pipeNetworkSolver, type: 'PIPE_NETWORK_2' };
