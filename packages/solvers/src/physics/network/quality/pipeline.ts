// Water quality on a helper thread beside the hydraulics: routing interval i needs only its flows and
// where it ends (the next step's time and tank levels, known before that step is solved). So the
// hydraulics' thread plans each interval as soon as its end is known (planner.ts: the flow records in
// EPANET's units, the end volumes, the directions) and moves the plan to the helper, which routes it
// while the next step is solved. The helper runs the same router on the
// same plans (the compiled network and quality cloned), so its tables are the one-thread tables bit
// for bit.

import type { HelperChannel, HelperTask, HelperThreads } from '../../../run/helper-threads.js';
import type { CompiledNetwork } from '../hydraulics/compile.js';
import type { NetworkModel } from '../model.js';
import { compileQuality } from './compile.js';
import { intervalBuffers, QualityPlanner, type IntervalEnd, type QualityInterval, type QualityStepInput } from './planner.js';
import { QualityRouter, qualityLabels, type QualitySimulation } from './simulate.js';
import type { CompiledQuality } from './state.js';

export const QUALITY_HELPER_TASK = 'network-quality';

interface QualityTaskData {
  net: CompiledNetwork;
  compiled: CompiledQuality;
}

type QualityTaskMessage = { interval: QualityInterval } | { end: true };

interface QualityTables {
  node: Float64Array[];
  link: Float64Array[];
}

/** The helper's side: routes each interval as it arrives; on `end`, posts the tables (moved, not copied). */
export const qualityHelperTask: HelperTask = (data, post) => {
  const { net, compiled } = data as QualityTaskData;
  const router = new QualityRouter(net, compiled);
  return {
    message(message) {
      const m = message as QualityTaskMessage;
      if ('interval' in m) return router.route(m.interval);
      const tables: QualityTables = router.tables();
      post(tables, [...tables.node, ...tables.link].map((row) => row.buffer as ArrayBuffer));
    },
  };
};

export interface QualityPipeline {
  /** Each hydraulic step, in order, as it is taken. */
  push(step: QualityStepInput): void;
  /** Where the interval of the last step pushed ends, as soon as it is known (else the next push tells). */
  advance(end: IntervalEnd): void;
  /** The quality tables once the helper has routed the last step. */
  finish(): Promise<QualitySimulation>;
  /** Ends the helper unless `finish` has (the run failed or stopped before). */
  cancel(): void;
}

/** A pipeline on one of `helpers`, or undefined when the model asks for no quality or no helper can be had. */
export function startQualityPipeline(model: NetworkModel, net: CompiledNetwork, helpers: HelperThreads): QualityPipeline | undefined {
  const compiled = compileQuality(model, net);
  if (!compiled) return undefined;
  // The router reads no ids: they are left out of the copy.
  const data: QualityTaskData = { net: { ...net, nodeIds: [], linkIds: [] }, compiled };
  const channel: HelperChannel | undefined = helpers.start(QUALITY_HELPER_TASK, data);
  if (!channel) return undefined;
  const planner = new QualityPlanner(net);
  const labels = { ...qualityLabels(model, compiled.parameter), step: compiled.qualityStep };
  let open = true;
  const close = (failed: boolean) => {
    if (open) channel.close(failed);
    open = false;
  };
  const send = (interval: QualityInterval | undefined) => {
    if (interval) channel.post({ interval } satisfies QualityTaskMessage, intervalBuffers(interval));
  };
  return {
    push(step) {
      send(planner.next(step));
    },
    advance(end) {
      send(planner.end(end));
    },
    async finish() {
      send(planner.last());
      channel.post({ end: true } satisfies QualityTaskMessage);
      try {
        const tables = (await channel.next()) as QualityTables;
        close(false);
        return { ...labels, ...tables };
      } catch (error) {
        close(true);
        throw error;
      }
    },
    cancel: () => close(true),
  };
}
