// CIRCULAR_PIPE and CIRCULAR_ANNULUS as solver modules for the registry.
//
// CIRCULAR_PIPE has two models, chosen by `model`:
//   developing       the parabolised developing-flow solver of this folder (profiles from a uniform
//                    inlet, entrance region resolved, properties at the inlet state);
//   one_dimensional  the 1-D march of physics/duct-1d (fully developed correlations with properties
//                    re-evaluated along the pipe: long pipes whose fluid changes state).
// A case without `model` runs the 1-D march: that is what every CIRCULAR_PIPE case meant before
// the developing model existed (stored simulations, case files), so they keep their answers. The
// API's schema fills in `developing`, so new simulations run the developing model.
// CIRCULAR_ANNULUS has the developing model only.

import { circularAnnulusParameters, parameterDefaults } from '@simforge/contracts';
import { InvalidParametersError } from '../../errors.js';
import { estimateCircularAnnulus } from './annulus-estimate.js';
import { estimateCircularPipe, estimateDevelopingPipe } from './pipe-estimate.js';
import type { RunContext } from '../../run/context.js';
import { isPlainObject, type PlainObject } from '../../run/parameters.js';
import { fromCase, type SolverModule } from '../../run/solver-module.js';
import type { SolverOutput } from '../../run/types.js';
import { describeFlowInput } from '../duct-1d/flow-input.js';
import { circularPipeDefaults, readPipeCase } from '../duct-1d/parameters.js';
import { solvePipe } from '../duct-1d/solver.js';
import { readDevelopingDuctCase, type DevelopingDuctCase, type DevelopingDuctParameters } from './parameters.js';
import { solveDevelopingDuct } from './solver.js';

export const PIPE_MODELS = ['developing', 'one_dimensional'] as const;
export type PipeModel = (typeof PIPE_MODELS)[number];

/** Parameters only one of the pipe's models reads; given to the other, they are left out (and the log says so). */
const ONLY_FOR: Record<PipeModel, readonly string[]> = {
  developing: ['flow_model', 'stations', 'numerics'],
  one_dimensional: ['n_segments'],
};

const MODEL_VERSIONS: Record<PipeModel, { model: string; modelVersion: string }> = {
  developing: { model: 'duct-developing', modelVersion: '1.0.0' },
  one_dimensional: { model: 'duct-1d', modelVersion: '1.0.0' },
};

export interface PipeModelSelection {
  model: PipeModel;
  /** The parameters for that model's reader: without `model` and the other model's settings. */
  parameters: PlainObject | unknown;
  /** Settings of the other model that were given and are not used. */
  unused: string[];
}

/** Which model a CIRCULAR_PIPE case selects; InvalidParametersError on `model` when it names none. */
export function selectPipeModel(raw: unknown): PipeModelSelection {
  if (!isPlainObject(raw)) return { model: 'one_dimensional', parameters: raw, unused: [] };
  const given = raw['model'];
  if (given !== undefined && !(PIPE_MODELS as readonly unknown[]).includes(given)) {
    throw new InvalidParametersError([{ path: 'model', message: `must be one of: ${PIPE_MODELS.join(', ')}` }]);
  }
  const model: PipeModel = (given as PipeModel | undefined) ?? 'one_dimensional';
  const other: PipeModel = model === 'developing' ? 'one_dimensional' : 'developing';
  const parameters: PlainObject = {};
  const unused: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'model') continue;
    if (ONLY_FOR[other].includes(key)) unused.push(key);
    else parameters[key] = value;
  }
  return { model, parameters, unused };
}

function logSelection(selection: PipeModelSelection, ctx: RunContext): void {
  ctx.info(`model: ${selection.model === 'developing' ? 'developing flow from the inlet (duct-developing)' : '1-D march with local properties (duct-1d)'}`);
  for (const key of selection.unused) ctx.info(`${key} applies to the ${selection.model === 'developing' ? 'one_dimensional' : 'developing'} model only; not used`);
}

function logFlowInput(duct: DevelopingDuctCase, ctx: RunContext): void {
  if (duct.flowInput.input !== 'flow_rate') ctx.info(`${describeFlowInput(duct.flowInput)}: volume flow rate ${Number(duct.flowRate.toPrecision(6))} m³/s`);
}

async function solveDeveloping(duct: DevelopingDuctCase, ctx: RunContext): Promise<SolverOutput> {
  logFlowInput(duct, ctx);
  return solveDevelopingDuct(duct, ctx);
}

export const circularPipeSolver: SolverModule = {
  type: 'CIRCULAR_PIPE',
  ...MODEL_VERSIONS.developing,
  modelOf(parameters) {
    try {
      return MODEL_VERSIONS[selectPipeModel(parameters).model];
    } catch {
      return undefined;
    }
  },
  title: 'Circular pipe: developing flow from the inlet (numerical), or a 1-D march with local properties',
  // The solver's own example case (the command line's): the 1-D march, as before the developing model.
  parameterDefaults: { model: 'one_dimensional', ...circularPipeDefaults },
  async solve(parameters, ctx) {
    const selection = selectPipeModel(parameters);
    if (selection.model === 'one_dimensional') {
      const pipe = readPipeCase(selection.parameters);
      logSelection(selection, ctx);
      if (pipe.flowInput.input !== 'flow_rate') ctx.info(`${describeFlowInput(pipe.flowInput)}: volume flow rate ${Number(pipe.flowRate.toPrecision(6))} m³/s`);
      return solvePipe(pipe, ctx);
    }
    const duct = readDevelopingDuctCase(selection.parameters, 'pipe');
    logSelection(selection, ctx);
    return solveDeveloping(duct, ctx);
  },
  estimate(parameters) {
    const selection = selectPipeModel(parameters);
    if (selection.model === 'one_dimensional') return estimateCircularPipe(readPipeCase(selection.parameters));
    const duct = readDevelopingDuctCase(selection.parameters, 'pipe');
    // The correlations read the same inputs (the 1-D reader without the developing model's settings).
    const { flow_model: _f, stations: _s, numerics: _n, ...shared } = selection.parameters as PlainObject;
    return estimateDevelopingPipe(readPipeCase(shared), duct);
  },
};

/** The default case of CIRCULAR_ANNULUS (the create form's, declared in the contracts): water through a 25/50 mm annulus 5 m long, inner tube at 60 °C. */
export const circularAnnulusDefaults = parameterDefaults(circularAnnulusParameters) as DevelopingDuctParameters;

export const circularAnnulusSolver: SolverModule = {
  type: 'CIRCULAR_ANNULUS',
  ...MODEL_VERSIONS.developing,
  title: 'Circular annulus: developing flow from the inlet (numerical)',
  parameterDefaults: circularAnnulusDefaults,
  ...fromCase((parameters) => readDevelopingDuctCase(parameters, 'annulus'), solveDeveloping, estimateCircularAnnulus),
};
