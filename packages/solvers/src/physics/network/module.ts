// PIPE_NETWORK as a solver module: a case (case.ts) compiled, simulated (steady or extended period,
// optionally with heat transport) and reported as the summary keys of simulations.md and series per
// node and per link over time.

import { runPhases, type Phase, type RunContext } from '../../run/context.js';
import { fromCase, type SolverModule } from '../../run/solver-module.js';
import type { ScalarResult, Series, SeriesAxis, SolverOutput } from '../../run/types.js';
import { MAX_ELEMENT_SERIES_VALUES, MAX_TABLE_VALUES, pipeNetworkDefaults, readNetworkCase, type NetworkCase } from './case.js';
import { addElementSeries, networkTables } from './element-results.js';
import { estimatePipeNetwork } from './estimate.js';
import { formatClock } from './inp/tokens.js';
import { simulateHeat, type HeatStep } from './heat/heat-transport.js';
import { reportedValues, type ReportedQuality } from './reported-values.js';
import { startQualityPipeline, type QualityPipeline } from './quality/pipeline.js';
import { simulateQuality } from './quality/simulate.js';
import { networkSummary } from './results.js';
import { simulateNetwork, type HydraulicSnapshot, type NetworkSimulation } from './simulate.js';

export { MAX_INP_LENGTH, pipeNetworkDefaults, readNetworkCase, type NetworkCase, type PipeNetworkParameters } from './case.js';

// --------------------------------------------------------------------------------------- solve

interface NetworkRun {
  network: NetworkCase;
  simulation?: NetworkSimulation;
  heat?: HeatStep[];
  quality?: ReportedQuality;
  /** Water quality following the hydraulics on a helper thread, when the run has one. */
  qualityPipeline?: QualityPipeline;
  output?: SolverOutput;
}

function junctionSum(values: Float64Array, nJunctions: number): number {
  let sum = 0;
  for (let i = 0; i < nJunctions; i++) sum += values[i]!;
  return sum;
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
    const helpers = net.times.duration > 0 ? ctx.helpers : undefined;
    const pipeline = helpers && startQualityPipeline(run.network.model, net, helpers);
    // Kept on the run at once: solveNetwork ends the helper if anything stops the run before the quality.
    if (pipeline) run.qualityPipeline = pipeline;
    const sim = simulateNetwork(net, {
      onStep: (time, duration) => ctx.progress(duration > 0 ? time / duration : 1),
      ...(pipeline ? { onSnapshot: (step: HydraulicSnapshot) => pipeline.push(step), onAdvance: (time: number, head: Float64Array) => pipeline.advance({ time, head }) } : {}),
      shouldAbort: () => ctx.abortRequested,
    });
    run.simulation = sim;
    sim.steps.forEach((step, index) => ctx.residuals({ iteration: index + 1, values: { relative_flow_change: step.relativeError, trials: step.iterations } }));
    // (Leaks only between tanks and reservoirs reach no junction: then nothing leaks.)
    if (sim.steps[0]!.leakage) {
      const leaking = run.network.model.pipes.filter((p) => p.leakArea! > 0 || p.leakExpansion! > 0).length;
      const mean = (pick: (step: HydraulicSnapshot) => number) => sim.steps.reduce((sum, step) => sum + pick(step), 0) / sim.steps.length;
      const leakage = mean((step) => junctionSum(step.leakage!, net.nJunctions));
      const outflow = mean((step) => junctionSum(step.demand, net.nJunctions));
      ctx.info(`pipe leakage (FAVAD, as EPANET 2.3) from ${leaking} pipe(s): ${fmt(leakage)} m³/s on average, ${fmt(outflow > 0 ? (100 * leakage) / outflow : 0, 3)} % of the junctions' outflow`);
    }
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

const qualityPhase: Phase<NetworkRun> = {
  name: 'water quality',
  weight: 2,
  async run(run, ctx) {
    const pipeline = run.qualityPipeline;
    const quality = pipeline ? await ctx.waitFor(pipeline.finish()) : simulateQuality(run.simulation!, run.network.model, () => ctx.checkAbort());
    if (!quality) return;
    // Results in units the product knows: ages in s, concentrations in mg/L (or µg/L), traces in %.
    const age = quality.units === 'h';
    const unit = age ? 's' : quality.units === '%' ? '%' : /^u|^µ/i.test(quality.units) ? 'µg/L' : 'mg/L';
    const scale = age ? 3600 : 1;
    const convert = (rows: Float64Array[]) => (scale === 1 ? rows : rows.map((row) => row.map((c) => c * scale)));
    run.quality = { node: convert(quality.node), link: convert(quality.link), unit, label: quality.label };
    ctx.info(
      `water quality: ${quality.label} (${quality.units}), routed in steps of ${formatClock(quality.step)} through ${run.simulation!.steps.length} hydraulic step(s)` +
        (pipeline ? ' on a helper thread beside the hydraulics' : ''),
    );
  },
};

const resultsPhase: Phase<NetworkRun> = {
  name: 'results',
  weight: 1,
  run(run, ctx) {
    const sim = run.simulation!;
    const { net } = run.network;
    const heat = run.heat;
    const values = reportedValues(sim, { ...(heat ? { heat } : {}), ...(run.quality ? { quality: run.quality } : {}) });
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
    if (sim.steps[0]!.leakage) {
      const leakage = reported.map((index) => junctionSum(sim.steps[index]!.leakage!, net.nJunctions));
      totals.y.push(axis('leakage', 'm³/s', 'Pipe leakage (part of the demand)', leakage));
      summary['leakage_flow'] = { value: leakage.reduce((a, b) => a + b, 0) / Math.max(1, leakage.length), unit: 'm³/s', label: 'Pipe leakage (mean over the reporting times)' };
    }
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
    addEnergyResults(sim, summary, series);
    if (values.quality) addQualitySummary(values, net.nJunctions, summary);
    if (lowest.id) ctx.info(`lowest pressure ${fmt(lowest.p)} Pa at junction ${lowest.id}; highest velocity ${fmt(summary['max_velocity']!.value as number)} m/s`);
    run.output = { summary, series, fields };
  },
};

/** Lowest and highest water quality at any junction over the reporting times. */
function addQualitySummary(values: ReturnType<typeof reportedValues>, nJunctions: number, summary: Record<string, ScalarResult>): void {
  const q = values.quality!;
  let lo = Infinity;
  let hi = -Infinity;
  for (let t = 0; t < values.times.length; t++) {
    for (let i = 0; i < nJunctions; i++) {
      const c = q.node[t * values.nNodes + i]!;
      lo = Math.min(lo, c);
      hi = Math.max(hi, c);
    }
  }
  if (!Number.isFinite(lo)) return;
  summary['min_quality'] = { value: lo, unit: q.unit, label: `Lowest ${q.label.toLowerCase()} at a junction` };
  summary['max_quality'] = { value: hi, unit: q.unit, label: `Highest ${q.label.toLowerCase()} at a junction` };
}

/**
 * Pumping energy (EPANET's energy report): per pump its utilisation, average efficiency, energy per
 * volume, average and peak power and cost per day in the summary, and its power and efficiency over
 * the reporting times on its link series; the run's peak power and demand charge.
 */
function addEnergyResults(sim: NetworkSimulation, summary: Record<string, ScalarResult>, series: Record<string, Series>): void {
  const { net, energy } = sim;
  if (net.pumps.length === 0) return;
  for (const pump of energy.pumps) {
    const key = `pump_energy:${pump.pump}`;
    const label = `Pump ${pump.pump}`;
    summary[`${key}:utilisation`] = { value: pump.utilisation / 100, unit: '', label: `${label}: share of the run it ran (fraction)` };
    summary[`${key}:average_efficiency`] = { value: pump.averageEfficiency / 100, unit: '', label: `${label}: average efficiency while running (fraction)` };
    summary[`${key}:energy_per_volume`] = { value: pump.kwhPerCubicMetre * 3.6e6, unit: 'J/m³', label: `${label}: energy per volume pumped` };
    summary[`${key}:average_power`] = { value: pump.averageKw * 1000, unit: 'W', label: `${label}: average power while running` };
    summary[`${key}:peak_power`] = { value: pump.peakKw * 1000, unit: 'W', label: `${label}: peak power` };
    summary[`${key}:cost_per_day`] = { value: pump.costPerDay, unit: '', label: `${label}: energy cost per day (price units of the file)` };
  }
  summary['peak_pumping_power'] = { value: energy.peakKw * 1000, unit: 'W', label: 'Largest total pumping power' };
  summary['demand_charge'] = { value: energy.demandCharge, unit: '', label: 'Demand charge (peak power × charge per kW)' };
  summary['pumping_cost'] = { value: energy.totalCost, unit: '', label: 'Pumping cost per day plus the demand charge (EPANET total cost)' };
  net.pumps.forEach((pump, j) => {
    const line = series[`link:${net.linkIds[pump.link]}`];
    if (!line) return;
    const at = sim.reportSteps.map((index) => sim.steps[index]!);
    line.y.push(axis('power', 'W', 'Power drawn', at.map((s) => s.pumpPower[j]! * 1000)), axis('efficiency', '', 'Efficiency (fraction)', at.map((s) => s.pumpEfficiency[j]!)));
  });
}

export async function solveNetwork(network: NetworkCase, ctx: RunContext): Promise<SolverOutput> {
  const run: NetworkRun = { network };
  const quality = network.model.quality && network.model.quality.parameter !== 'none' ? [qualityPhase] : [];
  try {
    await runPhases(ctx, run, [readPhase, hydraulicsPhase, ...(network.heat ? [heatPhase] : []), ...quality, resultsPhase]);
  } finally {
    // A run that stopped between the hydraulics and the quality leaves no helper at work.
    run.qualityPipeline?.cancel();
  }
  return run.output!;
}

export const pipeNetworkSolver: SolverModule = {
  type: 'PIPE_NETWORK',
  model: 'network-gga',
  modelVersion: '1.0.0',
  title: 'Pipe network: global gradient method, steady or extended period (EPANET-compatible)',
  parameterDefaults: pipeNetworkDefaults,
  ...fromCase(readNetworkCase, solveNetwork, estimatePipeNetwork),
};

/** PIPE_NETWORK_2 (the create-pipe-v2 screen's type): the same parameters, engine and results. */
export const pipeNetwork2Solver: SolverModule = { ...pipeNetworkSolver, type: 'PIPE_NETWORK_2' };
