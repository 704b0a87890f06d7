// metamodel_estimate_v2 for PIPE_NETWORK: "one Newton solve" (simulations.md) — the full solver's
// first hydraulic balance, steady at the start (t = 0, patterns at their first multiplier), by the
// same global gradient method to the file's accuracy. Its answer is exact for a steady case and the
// starting state of an extended period; the run time is the measured cost of one balance per
// Newton trial and element times the hydraulic steps of the period.

import { estimateResult, validityCheck } from '../../run/estimate-result.js';
import type { EstimateResult, ScalarResult } from '../../run/types.js';
import { lower, raise, workPlan } from '../../run/work-plan.js';
import type { NetworkCase } from './case.js';
import { networkSummary } from './results.js';
import { simulateNetwork } from './simulate.js';

/**
 * Measured on the development machine (Node 20, one core) on generated networks of 100-10 000
 * junctions: ~0.1 µs per Newton trial and node or link, ~50 ns per character of the file to read
 * and compile it, ~0.05 s start-up in a fresh worker thread. Tank refills and controls add
 * intermediate steps: a fifth more steps is allowed for when the network has tanks or controls.
 */
const FIXED_SECONDS = 0.05;
const SECONDS_PER_TRIAL_AND_ELEMENT = 1e-7;
const SECONDS_PER_CHARACTER = 5e-8;
/** Per step and node or link: snapshots, results and heat transport. */
const SECONDS_PER_STEP_AND_ELEMENT = 5e-8;
/** Per node or link: the compiled network and the sparse factor; per step and element: the kept results (heads, flows, velocities, temperatures...). */
const BYTES_PER_ELEMENT = 2000;
const BYTES_PER_STEP_AND_ELEMENT = 64;
/**
 * Per reported step and element, the network view's tables as the run ends: each value in double
 * precision, as a plain array for the result, then as Float32 to store (24 bytes), in three to five
 * tables an element (pressure, head, demand or flow, velocity, head loss; temperature, quality).
 */
const TABLE_BYTES_PER_STEP_AND_ELEMENT = 100;
/**
 * Water quality: per quality step and element the transport (~0.2 µs); per hydraulic step and
 * element the kept qualities (two copies of 8 bytes); per link a segment (~48 bytes) for each quality
 * step a slug of water can stay in it, counted up to 2 000 steps.
 */
const SECONDS_PER_QUALITY_STEP_AND_ELEMENT = 2e-7;
const BYTES_PER_STEP_AND_ELEMENT_QUALITY = 32;
const BYTES_PER_SEGMENT = 48;
const SEGMENTS_PER_LINK = 2000;

export function estimatePipeNetwork(network: NetworkCase): EstimateResult {
  const { net } = network;
  const steady = simulateNetwork({ ...net, times: { ...net.times, duration: 0 } });
  const start = steady.steps[0]!;
  const summary = networkSummary(steady);
  const results: Record<string, ScalarResult> = {
    min_pressure: { ...summary.min_pressure, label: 'Lowest junction pressure at the start' },
    max_velocity: { ...summary.max_velocity, label: 'Highest velocity at the start' },
    total_demand: { ...summary.total_demand, label: 'Total junction demand at the start' },
    iterations: { value: start.iterations, unit: '', label: 'Newton trials of the first balance' },
    unbalanced: summary.unbalanced,
    junctions: { value: net.nJunctions, unit: '', label: 'Junctions' },
    links: { value: net.nLinks, unit: '', label: 'Pipes, pumps and valves' },
    inp_warnings: { value: network.inpWarnings.length, unit: '', label: 'Parts of the file not used (listed in the run log)' },
  };

  const { duration, hydraulicStep } = net.times;
  const events = net.tankArea.some((area) => area > 0) || net.controls.length > 0 ? 1.2 : 1;
  const steps = duration > 0 ? Math.ceil((events * duration) / hydraulicStep) + 1 : 1;
  const elements = net.nNodes + net.nLinks;
  const quality = network.model.quality && network.model.quality.parameter !== 'none' && duration > 0;
  const qualityStep = Math.max(1, Math.min(net.times.qualityStep && net.times.qualityStep > 0 ? net.times.qualityStep : Math.trunc(hydraulicStep / 10), hydraulicStep));
  const qualitySteps = quality ? Math.ceil(duration / qualityStep) : 0;
  const seconds =
    FIXED_SECONDS +
    SECONDS_PER_CHARACTER * network.inpLength +
    steps * elements * (SECONDS_PER_TRIAL_AND_ELEMENT * Math.max(1, start.iterations) + SECONDS_PER_STEP_AND_ELEMENT * (network.heat ? 2 : 1)) +
    qualitySteps * elements * SECONDS_PER_QUALITY_STEP_AND_ELEMENT;
  const qualityBytes = quality ? BYTES_PER_STEP_AND_ELEMENT_QUALITY * steps * elements + BYTES_PER_SEGMENT * net.nLinks * Math.min(qualitySteps, SEGMENTS_PER_LINK) : 0;

  const validity = [validityCheck('newton_trials', 1, net.options.maxIter, start.iterations), validityCheck('min_pressure', 0, 1e9, summary.min_pressure.value as number)];
  return estimateResult('metamodel_estimate_v2: one Newton solve — the steady balance at the start by the global gradient method (the full solver’s first step)', results, validity, {
    expected_runtime_seconds: seconds,
    work: workPlan({
      cells: elements,
      steps,
      bytesPerCell: BYTES_PER_ELEMENT,
      extraBytes: (BYTES_PER_STEP_AND_ELEMENT + TABLE_BYTES_PER_STEP_AND_ELEMENT) * steps * elements + qualityBytes,
      seconds,
      cellFields: [],
      stepFields: [lower('duration'), raise('hydraulic_step')],
    }),
  });
}
