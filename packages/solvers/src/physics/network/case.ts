// A PIPE_NETWORK case: the parameters (an EPANET `.inp` text and the options that override the
// file's) read once into a NetworkModel with its run options. Every problem with the file answers on
// `inp`: a line that cannot be read with its line number, an inconsistent network with the element's id.

import { INP_LABEL, MAX_INP_LENGTH, parameterDefaults, pipeNetworkParameters, textTooLong } from '@simforge/contracts';
import { InvalidParametersError, type ParameterIssue } from '../../errors.js';
import { ParameterChecker } from '../../run/parameters.js';
import { DisconnectedNetworkError, InpParseError, NotInpFileError } from './errors.js';
import type { HeatParameters } from './heat/heat-transport.js';
import { compileNetwork, type CompiledNetwork } from './hydraulics/compile.js';
import { parseInp, type InpWarning } from './inp/parse.js';
import type { HeadlossFormula, NetworkModel } from './model.js';
import { formatClock } from './inp/tokens.js';
import { unconnectedJunctions } from './topology.js';

export { MAX_INP_LENGTH };
/** Per-element series are kept while (nodes + links) × reported times stays below this; beyond, the totals only. */
export const MAX_ELEMENT_SERIES_VALUES = 1_000_000;
/**
 * The network view's tables are kept while elements × reported times stays below this (per table):
 * a 100 000-junction, 150 000-link day at hourly reports (3.75 M a link table). The view reads a table
 * over 8 MB one reporting time at a time (the server cuts the slice), so its size is bounded by the
 * run's memory, not the browser's: about 24 bytes a value while the run ends (estimate.ts).
 */
export const MAX_TABLE_VALUES = 6_000_000;
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

/** The default case: the create form's, declared in the contracts. */
export const pipeNetworkDefaults = parameterDefaults(pipeNetworkParameters) as PipeNetworkParameters;

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
  else if (p['inp'].length > MAX_INP_LENGTH) checker.add('inp', textTooLong(MAX_INP_LENGTH, INP_LABEL, p['inp'].length));
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
