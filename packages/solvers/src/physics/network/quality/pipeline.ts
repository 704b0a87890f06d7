// Water quality on a helper thread, one hydraulic step behind the hydraulics: routing step i needs
// only steps i and i+1 (simulate.ts QualityRouter), so each step the hydraulics record is posted to
// the helper as it is taken, and the two run side by side. The helper runs the same router on the
// same inputs (the compiled network and quality, cloned), so its tables are the one-thread tables bit
// for bit.

import type { HelperChannel, HelperTask, HelperThreads } from '../../../run/helper-threads.js';
import type { CompiledNetwork } from '../hydraulics/compile.js';
import type { NetworkModel } from '../model.js';
import { compileQuality } from './compile.js';
import { QualityRouter, qualityLabels, type QualitySimulation, type QualityStepInput } from './simulate.js';
import type { CompiledQuality } from './state.js';

export const QUALITY_HELPER_TASK = 'network-quality';

interface QualityTaskData {
  net: CompiledNetwork;
  compiled: CompiledQuality;
}

type QualityTaskMessage = { step: QualityStepInput } | { end: true };

interface QualityTables {
  node: Float64Array[];
  link: Float64Array[];
}

/** The helper's side: routes each step as the next arrives; on `end`, posts the tables (moved, not copied). */
export const qualityHelperTask: HelperTask = (data, post) => {
  const { net, compiled } = data as QualityTaskData;
  const router = new QualityRouter(net, compiled);
  return {
    message(message) {
      const m = message as QualityTaskMessage;
      if ('step' in m) return router.push(m.step);
      const tables: QualityTables = router.finish();
      post(tables, [...tables.node, ...tables.link].map((row) => row.buffer as ArrayBuffer));
    },
  };
};

export interface QualityPipeline {
  /** Each hydraulic step, in order, as it is taken. */
  push(step: QualityStepInput): void;
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
  const labels = { ...qualityLabels(model, compiled.parameter), step: compiled.qualityStep };
  let open = true;
  const close = (failed: boolean) => {
    if (open) channel.close(failed);
    open = false;
  };
  return {
    push({ time, flow, status, demand, head }) {
      channel.post({ step: { time, flow, status, demand, head } } satisfies QualityTaskMessage);
    },
    async finish() {
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
